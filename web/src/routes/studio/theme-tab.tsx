import { STUDIO_THEMES, type StudioTheme } from '~shared/constants.ts';
import { cn } from '~shared/ui/cn.ts';
import type { TabProps } from './tab-props.ts';

const THEME_LABELS: Record<StudioTheme, string> = { light: 'Light', dark: 'Dark', neon: 'Neon', pastel: 'Pastel' };
const THEME_SWATCH: Record<StudioTheme, string> = {
  light: 'bg-slate-50 text-slate-900 border-slate-200',
  dark: 'bg-slate-900 text-slate-100 border-slate-700',
  neon: 'bg-[#0a0014] text-violet-100 border-violet-700',
  pastel: 'bg-fuchsia-50 text-zinc-700 border-fuchsia-200',
};
const ACCENTS = ['#3b82f6', '#10b981', '#8b5cf6', '#ec4899', '#ef4444', '#f97316', '#eab308', '#14b8a6'];

/** 'Theme': the page's mode and accent colour (saved with the page; see docs/deviations.md). */
export function ThemeTab({ draft, update, errors }: TabProps) {
  return (
    <div className="grid gap-6">
      <fieldset>
        <legend className="mb-3 text-sm font-semibold">Theme mode</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" role="radiogroup" aria-label="Theme mode">
          {STUDIO_THEMES.map((theme) => (
            <label
              key={theme}
              className={cn(
                'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 p-3 text-sm font-medium',
                THEME_SWATCH[theme],
                draft.theme_mode === theme ? 'ring-2 ring-primary ring-offset-2 ring-offset-background' : '',
              )}
            >
              <input
                type="radio"
                name="theme_mode"
                value={theme}
                checked={draft.theme_mode === theme}
                onChange={() => update({ theme_mode: theme })}
                className="sr-only"
              />
              <span className="h-6 w-6 rounded-full" style={{ background: draft.accent_color }} aria-hidden="true" />
              {THEME_LABELS[theme]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-3 text-sm font-semibold">Accent colour</legend>
        <div className="flex flex-wrap items-center gap-2">
          {ACCENTS.map((hex) => (
            <button
              key={hex}
              type="button"
              onClick={() => update({ accent_color: hex })}
              className={cn(
                'h-8 w-8 rounded-full border-2 border-background shadow',
                draft.accent_color.toLowerCase() === hex ? 'ring-2 ring-foreground ring-offset-2 ring-offset-background' : '',
              )}
              style={{ background: hex }}
              aria-label={`Accent ${hex}`}
              aria-pressed={draft.accent_color.toLowerCase() === hex}
            />
          ))}
          <label className="ml-2 inline-flex items-center gap-2 text-sm">
            Custom
            <input
              type="color"
              value={/^#[0-9a-fA-F]{6}$/.test(draft.accent_color) ? draft.accent_color : '#3b82f6'}
              onChange={(e) => update({ accent_color: e.target.value })}
              className="h-8 w-12 cursor-pointer rounded border border-input bg-background"
              data-testid="accent-input"
            />
          </label>
        </div>
        {errors.accent_color ? <p className="mt-2 text-xs font-medium text-destructive">{errors.accent_color}</p> : null}
      </fieldset>
    </div>
  );
}
