/** What an editor sees on an admin-only studio page. */
export function AdminsOnly({ what }: { what: string }) {
  return (
    <div role="alert" className="rounded-2xl border border-white/10 bg-ink-900 p-6">
      <h1 className="font-display text-2xl font-bold">{what}</h1>
      <p className="mt-2 text-sm text-fg-muted">This part of the studio is for admins. Ask an admin if something here needs changing.</p>
    </div>
  );
}
