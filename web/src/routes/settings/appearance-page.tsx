import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DEFAULT_ACCENT_HSL, DENSITIES, THEMES, type Density, type Theme } from '~shared/constants.ts';
import { appearanceMutations } from '~shared/data/appearance/mutations.ts';
import { appearanceQueries } from '~shared/data/appearance/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { accentTextTone, hexToHslString, hslStringToHex, isHexColor } from '~shared/rules/color.ts';
import { Button } from '~shared/ui/button.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { normalizeAppearance } from '~shared/ui/appearance-style.ts';
import { useAppearance } from '../../lib/appearance/use-appearance.ts';
import { useSessionState } from '../../lib/session/use-session-state.ts';
import { PageFallback } from '../../components/page-fallback.tsx';
import { AccentDefaultPrompt } from './accent-default-prompt.tsx';
import { SettingsLayout, SettingsSection } from './settings-layout.tsx';

const THEME_LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark', gray: 'Gray' };
const DENSITY_LABELS: Record<Density, string> = { comfortable: 'Comfortable', compact: 'Compact' };
/** Remembers on this device that the default-accent question was answered with 'Not now'. */
const ACCENT_PROMPT_DISMISSED_KEY = 'linkvault-accent-prompt-dismissed';

function promptDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(ACCENT_PROMPT_DISMISSED_KEY) === userId;
  } catch {
    return false;
  }
}

function Choice<T extends string>({
  name,
  options,
  labels,
  value,
  onChange,
}: {
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <div role="radiogroup" aria-label={name} className="flex flex-wrap gap-2">
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={value === option}
          onClick={() => onChange(option)}
          className={`rounded-md border px-4 py-2 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none ${
            value === option
              ? 'border-primary bg-primary text-primary-foreground'
              : 'border-input bg-background hover:bg-accent hover:text-accent-foreground'
          }`}
        >
          {labels[option]}
        </button>
      ))}
    </div>
  );
}

function AppearanceForm({ userId }: { userId: string }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const { appearance, setAppearance } = useAppearance();
  const saved = useQuery(appearanceQueries.detail(client, userId));
  const save = useMutation(appearanceMutations.save(client, queryClient, userId));
  const [theme, setTheme] = useState<Theme>(appearance.theme);
  const [density, setDensity] = useState<Density>(appearance.density);
  const [accentHex, setAccentHex] = useState(() => hslStringToHex(appearance.accentHsl) ?? '#1e293b');
  const [hexText, setHexText] = useState(accentHex);
  const [loaded, setLoaded] = useState(false);
  const [promptOpen, setPromptOpen] = useState(false);

  // The form starts from the saved row once it arrives (state adjusted while rendering, once).
  if (!loaded && !saved.isPending) {
    setLoaded(true);
    if (!saved.isError) {
      const row = normalizeAppearance(saved.data);
      setTheme(row.theme);
      setDensity(row.density);
      const hex = hslStringToHex(row.accentHsl) ?? '#1e293b';
      setAccentHex(hex);
      setHexText(hex);
      const noAccent = !saved.data?.accent_hsl || saved.data.accent_hsl === DEFAULT_ACCENT_HSL;
      if (noAccent && !promptDismissed(userId)) setPromptOpen(true);
    }
  }

  const accentHsl = hexToHslString(accentHex) ?? DEFAULT_ACCENT_HSL;
  // Changes apply at once (part 2 §4); Save stores them.
  useEffect(() => {
    if (loaded) setAppearance({ theme, density, accentHsl });
  }, [loaded, theme, density, accentHsl, setAppearance]);

  const submit = () =>
    save.mutate(
      { theme, density, accent_hsl: accentHsl },
      { onSuccess: () => showSuccessToast('Appearance saved'), onError: (error) => showErrorToast('appearance.save', error) },
    );

  const pickDefault = (hex: string) => {
    const hsl = hexToHslString(hex) ?? DEFAULT_ACCENT_HSL;
    save.mutate(
      { theme, density, accent_hsl: hsl },
      {
        onSuccess: () => {
          setAccentHex(hex);
          setHexText(hex);
          setPromptOpen(false);
          showSuccessToast('Accent set');
        },
        onError: (error) => showErrorToast('appearance.accent', error),
      },
    );
  };

  const dismissPrompt = () => {
    setPromptOpen(false);
    try {
      localStorage.setItem(ACCENT_PROMPT_DISMISSED_KEY, userId);
    } catch {
      // Not remembered: the question comes back next visit.
    }
  };

  const tone = accentTextTone(accentHsl);
  return (
    <>
      <AccentDefaultPrompt open={promptOpen} busy={save.isPending} onPick={pickDefault} onDismiss={dismissPrompt} />
      <SettingsSection title="Theme" description="System follows your device's light or dark setting.">
        <Choice name="Theme" options={THEMES} labels={THEME_LABELS} value={theme} onChange={setTheme} />
      </SettingsSection>
      <SettingsSection title="Accent colour" description="Used for buttons, links and highlights.">
        <div className="flex flex-wrap items-center gap-3">
          <label className="sr-only" htmlFor="accent-picker">
            Accent colour picker
          </label>
          <input
            id="accent-picker"
            type="color"
            value={accentHex}
            onChange={(e) => {
              setAccentHex(e.target.value);
              setHexText(e.target.value);
            }}
            className="h-10 w-14 cursor-pointer rounded-md border border-input bg-background p-1"
          />
          <label className="sr-only" htmlFor="accent-hex">
            Accent colour hex
          </label>
          <div className="w-32">
            <input
              id="accent-hex"
              value={hexText}
              onChange={(e) => {
                setHexText(e.target.value);
                const typed = e.target.value.trim().replace(/^#/, '').toLowerCase();
                if (isHexColor(typed) && typed.length === 6) setAccentHex(`#${typed}`);
              }}
              className={`${CONTROL_CLASS} font-mono`}
              maxLength={7}
              spellCheck={false}
            />
          </div>
          <span
            className="rounded-md px-3 py-2 text-sm font-medium"
            style={{ backgroundColor: `hsl(${accentHsl})`, color: tone === 'dark' ? '#0f172a' : '#f8fafc' }}
            data-testid="accent-preview"
            data-tone={tone}
          >
            Preview
          </span>
        </div>
        <p className="text-xs text-muted-foreground">Stored as {accentHsl}</p>
      </SettingsSection>
      <SettingsSection title="Density" description="Compact fits more on the screen.">
        <Choice name="Density" options={DENSITIES} labels={DENSITY_LABELS} value={density} onChange={setDensity} />
      </SettingsSection>
      <div>
        <Button onClick={submit} disabled={save.isPending || !loaded}>
          Save
        </Button>
      </div>
    </>
  );
}

/** /settings/appearance (part 2 §2, §4): theme, accent, density, Save; the default-accent prompt. */
export function AppearanceSettingsPage() {
  const { session } = useSessionState();
  if (!session) return <PageFallback />;
  return (
    <SettingsLayout title="Appearance" description="Theme, accent colour and density." testId="appearance-settings">
      <AppearanceForm userId={session.user.id} />
    </SettingsLayout>
  );
}
