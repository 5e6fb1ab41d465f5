import type { Config } from 'tailwindcss';

// Tailwind 4 reads its theme from styles/globals.css (@theme); this file is loaded there with @config
// and only lists where classes live, so editors and tools that look for a config find one.
const config: Config = {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}', './player/**/*.{ts,tsx}'],
};

export default config;
