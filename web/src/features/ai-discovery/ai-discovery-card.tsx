import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { AI_MAX_SUGGESTIONS, AI_MIN_SUGGESTIONS, AI_SUGGESTIONS_LIST_HEIGHT_PX } from '~shared/constants.ts';
import { aiMutations } from '~shared/data/ai/mutations.ts';
import { aiQueries } from '~shared/data/ai/queries.ts';
import { categoryQueries } from '~shared/data/categories/queries.ts';
import { DataError } from '~shared/data/errors.ts';
import { linkMutations } from '~shared/data/links/mutations.ts';
import { linkQueries } from '~shared/data/links/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { roleQueries } from '~shared/data/roles/queries.ts';
import { suggestionFolderChoice } from '~shared/rules/ai-category.ts';
import type { AiSuggestion } from '~shared/rules/ai-suggestions.ts';
import { Button } from '~shared/ui/button.tsx';
import { CheckCircleIcon, ExternalLinkIcon, LoaderIcon, PlusIcon, SparklesIcon } from '~shared/ui/icons.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { linkSavedMessage } from '~shared/messages.ts';
import { ScrollArea } from '../../components/scroll-area.tsx';

/** The spec's validation text (part 2 §5 'AI discovery needs a non-empty query'). */
const AI_QUERY_REQUIRED = 'Please enter what kind of links you are looking for.';

/** What every user sees while the site has no AI key (the Discover button is disabled meanwhile). */
const AI_NOT_ENABLED = 'AI discovery is not enabled on this site.';

/** ai-chat answers 503 invalid_api_key when OPENAI_API_KEY is not set. */
const isNotConfigured = (error: unknown) => error instanceof DataError && error.code === 'invalid_api_key' && error.status === 503;

/**
 * The dashboard's 'AI Link Discovery' card (part 2 §2, §8, §9): a query, 3-5 suggestions from the
 * ai-chat function with up to 10 of the user's links as context, each added in one click into its
 * suggested folder (created when missing) through the link form's save path.
 */
export function AiDiscoveryCard({ userId }: { userId: string }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const links = useQuery(linkQueries.list(client, userId));
  const categories = useQuery(categoryQueries.list(client, userId));
  const status = useQuery(aiQueries.status(client));
  const isAdmin = useQuery(roleQueries.isAdmin(client, userId));
  const discover = useMutation(aiMutations.discover(client, queryClient));
  const save = useMutation(linkMutations.save(client, queryClient));
  const [query, setQuery] = useState('');
  const [queryError, setQueryError] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<AiSuggestion[] | null>(null);
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState<string | null>(null);
  const [keyMissing, setKeyMissing] = useState(false);
  const notConfigured = keyMissing || status.data?.configured === false;

  const folders = useMemo(
    () => (categories.data ?? []).filter((c) => !c.is_template && !c.system_key?.match(/^(incoming|approved|rejected)$/)),
    [categories.data],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!query.trim()) {
      setQueryError(AI_QUERY_REQUIRED);
      return;
    }
    setQueryError(null);
    try {
      const existing = (links.data ?? []).map((link) => ({ title: link.title, url: link.url }));
      const found = await discover.mutateAsync({ query, existing });
      setSuggestions(found);
      setAdded(new Set());
      setKeyMissing(false);
    } catch (error) {
      if (isNotConfigured(error)) setKeyMissing(true);
      showErrorToast('ai.discover', error);
    }
  }

  async function add(suggestion: AiSuggestion) {
    setAdding(suggestion.url);
    try {
      const choice = suggestionFolderChoice(suggestion.category, folders);
      const result = await save.mutateAsync({
        input: { title: suggestion.title, url: suggestion.url, description: suggestion.description, ...choice },
        knownLinks: links.data,
      });
      const toast = linkSavedMessage(result.outcome, result.link.title);
      showSuccessToast(toast.title, toast.description);
      setAdded((prev) => new Set(prev).add(suggestion.url));
    } catch (error) {
      showErrorToast('link.save', error);
    } finally {
      setAdding(null);
    }
  }

  return (
    <section
      className="grid gap-4 rounded-xl border border-border bg-card/95 p-4 text-card-foreground shadow-sm backdrop-blur sm:p-5"
      aria-labelledby="ai-discovery-title"
      data-testid="ai-discovery"
    >
      <div className="grid gap-1">
        <h2 id="ai-discovery-title" className="flex items-center gap-2 text-lg font-semibold">
          <SparklesIcon size={18} className="text-primary" />
          AI Link Discovery
        </h2>
        <p className="text-sm text-muted-foreground">
          Describe what you are looking for: the AI suggests {AI_MIN_SUGGESTIONS}-{AI_MAX_SUGGESTIONS} sites, with your saved links as
          context.
        </p>
      </div>
      {notConfigured ? (
        <div
          className="grid gap-1 rounded-lg border border-warning/60 bg-warning/10 p-3 text-sm"
          role="note"
          data-testid="ai-not-configured"
        >
          <p className="font-medium">{AI_NOT_ENABLED}</p>
          {/* How to enable it is for the site's admins only; users get no setup instructions. */}
          {isAdmin.data ? (
            <p className="text-muted-foreground" data-testid="ai-enable-help">
              Admins: set <code className="font-mono">OPENAI_API_KEY</code> in the environment of the ai-chat function (and{' '}
              <code className="font-mono">OPENAI_BASE_URL</code> for any OpenAI-compatible server, such as a local model server), then
              restart it.
            </p>
          ) : null}
        </div>
      ) : null}
      <form className="grid gap-2" onSubmit={submit} noValidate aria-label="AI Link Discovery">
        <label htmlFor="ai-query" className="text-sm font-medium">
          What kind of links?
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id="ai-query"
            type="text"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              if (queryError && event.target.value.trim()) setQueryError(null);
            }}
            placeholder="e.g. sourdough baking guides"
            aria-invalid={queryError ? true : undefined}
            aria-describedby={queryError ? 'ai-query-error' : undefined}
            maxLength={500}
            className="h-10 w-full min-w-0 rounded-md border sm:flex-1 border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
          {/* Disabled while the server reports no key at all (a call refused for a wrong key leaves it on: the key may be fixed). */}
          <Button type="submit" disabled={discover.isPending || status.data?.configured === false}>
            {discover.isPending ? <LoaderIcon size={16} className="animate-spin" /> : <SparklesIcon size={16} />}
            {discover.isPending ? 'Discovering…' : 'Discover'}
          </Button>
        </div>
        {queryError ? (
          <p id="ai-query-error" className="text-sm text-destructive" role="alert">
            {queryError}
          </p>
        ) : null}
      </form>
      {suggestions && suggestions.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="ai-no-suggestions">
          No suggestions came back. Try describing it differently.
        </p>
      ) : null}
      {suggestions && suggestions.length > 0 ? (
        <ScrollArea
          style={{ maxHeight: AI_SUGGESTIONS_LIST_HEIGHT_PX }}
          className="-mr-2 pr-2"
          data-testid="ai-suggestions"
          tabIndex={0}
          aria-label="Suggestions"
        >
          <ul className="grid gap-3">
            {suggestions.map((suggestion) => {
              const done = added.has(suggestion.url);
              return (
                <li
                  key={suggestion.url}
                  className="grid gap-1.5 rounded-lg border border-border bg-background/60 p-3"
                  data-testid="ai-suggestion"
                >
                  <div className="flex items-start justify-between gap-2">
                    <a
                      href={suggestion.url}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="inline-flex min-w-0 items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
                    >
                      <span className="break-words">{suggestion.title}</span>
                      <ExternalLinkIcon size={14} className="shrink-0" />
                    </a>
                    {suggestion.category ? (
                      <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
                        {suggestion.category}
                      </span>
                    ) : null}
                  </div>
                  <p className="truncate text-xs text-muted-foreground">{suggestion.url}</p>
                  {suggestion.description ? <p className="text-sm">{suggestion.description}</p> : null}
                  {suggestion.reasoning ? <p className="text-xs text-muted-foreground italic">{suggestion.reasoning}</p> : null}
                  <Button
                    size="sm"
                    variant={done ? 'outline' : 'secondary'}
                    className="justify-self-start"
                    disabled={done || adding !== null}
                    onClick={() => void add(suggestion)}
                    aria-label={done ? `Added ${suggestion.title}` : `Add ${suggestion.title}`}
                  >
                    {done ? (
                      <CheckCircleIcon size={14} />
                    ) : adding === suggestion.url ? (
                      <LoaderIcon size={14} className="animate-spin" />
                    ) : (
                      <PlusIcon size={14} />
                    )}
                    {done ? 'Added' : suggestion.category ? `Add to ${suggestion.category}` : 'Add'}
                  </Button>
                </li>
              );
            })}
          </ul>
        </ScrollArea>
      ) : null}
    </section>
  );
}
