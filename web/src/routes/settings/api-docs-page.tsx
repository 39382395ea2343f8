import { API_FUNCTIONS, apiCallExample } from '~shared/rules/api-reference.ts';
import { SettingsLayout } from './settings-layout.tsx';

const AUTH_LABEL = {
  user: 'Signed-in session',
  anon: 'Anon key',
  none: 'No token',
  'api-token': 'Personal API token',
  'service-role': 'Server only (service-role key)',
} as const;

/** 'View API Docs': rendered from shared/rules/api-reference.ts, the one description of the functions. */
export function ApiDocsPage() {
  const apiUrl = import.meta.env.VITE_SUPABASE_URL;
  return (
    <SettingsLayout
      title="API Docs"
      description="Edge functions you can call over HTTPS. Every answer is JSON; errors are { error, message }."
      testId="api-docs"
    >
      <div className="grid gap-4">
        {API_FUNCTIONS.map((doc) => (
          <section
            key={doc.name}
            id={doc.name}
            className="grid gap-2 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm"
            aria-label={doc.name}
            data-testid="api-doc"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="font-mono text-base font-semibold">{doc.name}</h2>
              <span className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">{AUTH_LABEL[doc.auth]}</span>
            </div>
            <p className="text-sm">{doc.summary}</p>
            <dl className="grid gap-1 text-sm sm:grid-cols-[6rem_minmax(0,1fr)]">
              <dt className="text-muted-foreground">Body</dt>
              <dd className="font-mono text-xs break-words">{doc.body}</dd>
              <dt className="text-muted-foreground">Answer</dt>
              <dd className="font-mono text-xs break-words">{doc.answer}</dd>
              <dt className="text-muted-foreground">Errors</dt>
              <dd className="text-xs break-words">{doc.errors}</dd>
            </dl>
            <pre className="overflow-x-auto rounded-md bg-muted p-3 text-xs text-muted-foreground">{apiCallExample(doc, apiUrl)}</pre>
          </section>
        ))}
      </div>
    </SettingsLayout>
  );
}
