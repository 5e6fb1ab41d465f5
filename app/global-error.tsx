'use client';

/**
 * Replaces the root layout when it fails, so nothing else is loaded: no global CSS, no store. Inline styles keep the
 * dark look; `retry` re-renders the root.
 */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && 'digest' in error ? String((error as Error & { digest?: string }).digest ?? '') : '';
  return (
    <html lang="en" className="dark">
      <body
        style={{
          margin: 0,
          minHeight: '100vh',
          display: 'grid',
          placeItems: 'center',
          background: '#07060a',
          color: '#f6f2f8',
          fontFamily: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
        }}
      >
        <title>Something went wrong</title>
        <main role="alert" style={{ maxWidth: 440, padding: 24, textAlign: 'center' }}>
          <p style={{ color: '#ff97c0', fontSize: 12, letterSpacing: '0.2em', textTransform: 'uppercase', fontWeight: 600 }}>
            Something went wrong
          </p>
          <h1 style={{ fontSize: 28, margin: '12px 0' }}>We couldn&apos;t load the site</h1>
          <p style={{ color: '#b9afc2', lineHeight: 1.6 }}>Please try again in a moment.</p>
          {digest ? <p style={{ color: '#948aa0', fontSize: 12 }}>Reference: {digest}</p> : null}
          <button
            type="button"
            onClick={() => retry()}
            style={{
              marginTop: 20,
              height: 44,
              padding: '0 22px',
              borderRadius: 999,
              border: 0,
              background: '#d41c68',
              color: '#fff',
              fontWeight: 600,
              fontSize: 14,
              cursor: 'pointer',
            }}
          >
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
