import { useEffect, useState } from 'react';
import { MIN_PASSWORD_STRENGTH_SCORE, passwordChecklist, STRENGTH_LABELS, type PasswordRuleSet } from '../rules/password-checklist.ts';
import type { PasswordIdentity } from '../rules/password-policy.ts';
import { cn } from './cn.ts';

type Scorer = (password: string, userInputs: string[]) => number;

/**
 * zxcvbn-ts (and its ~1 MB dictionary) is imported only when a password form shows this component,
 * never on the landing page or the dashboard.
 */
let scorer: Promise<Scorer> | null = null;
function loadScorer(): Promise<Scorer> {
  scorer ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(([core, common]) => {
    const factory = new core.ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
    return (password: string, userInputs: string[]) => factory.check(password, userInputs).score;
  });
  return scorer;
}

export interface PasswordRulesProps {
  password: string;
  set: PasswordRuleSet;
  identity?: PasswordIdentity;
  /** Shown for the reset form (the server refuses a score under 3 there). */
  meter?: boolean;
  id?: string;
}

/** The rules as a live checklist under a password field, and a strength meter. */
export function PasswordRules({ password, set, identity = {}, meter = true, id }: PasswordRulesProps) {
  const [score, setScore] = useState<number | null>(null);
  // An emptied field drops the meter at once: state adjusted while rendering, not in an effect.
  if (!password && score !== null) setScore(null);
  useEffect(() => {
    if (!meter || !password) return;
    let current = true;
    const inputs = [identity.email ?? '', identity.username ?? ''].filter(Boolean);
    void loadScorer().then((score) => current && setScore(score(password, inputs)));
    return () => {
      current = false;
    };
  }, [password, meter, identity.email, identity.username]);

  const rules = passwordChecklist(password, set, identity);
  return (
    <div id={id} className="grid gap-2" data-testid="password-rules">
      <ul className="grid gap-0.5 text-xs" aria-label="Password rules">
        {rules.map((rule) => (
          <li
            key={rule.id}
            data-met={rule.met || undefined}
            className={cn('flex items-center gap-1.5', rule.met ? 'text-success' : 'text-muted-foreground')}
          >
            <span aria-hidden="true">{rule.met ? '✓' : '○'}</span>
            <span>{rule.label}</span>
            <span className="sr-only">{rule.met ? '(met)' : '(not yet)'}</span>
          </li>
        ))}
      </ul>
      {meter && score !== null ? (
        <div className="grid gap-1" data-testid="password-strength" data-score={score}>
          <div className="flex gap-1" aria-hidden="true">
            {[0, 1, 2, 3].map((i) => (
              <span
                key={i}
                className={cn(
                  'h-1.5 flex-1 rounded-full',
                  i < score ? (score >= MIN_PASSWORD_STRENGTH_SCORE ? 'bg-success' : 'bg-warning') : 'bg-muted',
                )}
              />
            ))}
          </div>
          <p className="text-xs text-muted-foreground" aria-live="polite">
            Strength: {STRENGTH_LABELS[score]}
            {set === 'reset' && score < MIN_PASSWORD_STRENGTH_SCORE ? ' (needs to be at least Strong)' : ''}
          </p>
        </div>
      ) : null}
    </div>
  );
}
