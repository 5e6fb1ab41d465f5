/**
 * `npm run check:deploy`: the production checklist without starting anything (like Django's `check --deploy`).
 * Reads the same settings the app would (process.env, as `next start` sees them) and prints every setting that is
 * still a demo default, exiting 1 when there is any. APP_ENV=production runs the same check at every start.
 */
import { deployProblems, deployProblemsMessage, parseServerEnv, publicEnv } from '../lib/env';

try {
  const env = parseServerEnv({ ...process.env, APP_ENV: 'production' });
  const problems = deployProblems(env, publicEnv);
  if (problems.length) {
    console.error(deployProblemsMessage(problems));
    process.exit(1);
  }
  console.log('check:deploy: no problems found; these settings may run with APP_ENV=production');
} catch (err) {
  // A value that does not even parse (a malformed URL, a number out of range).
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
