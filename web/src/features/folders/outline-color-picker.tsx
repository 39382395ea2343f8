import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OUTLINE_COLOR_PRESETS } from '~shared/constants.ts';
import { profileMutations } from '~shared/data/profiles/mutations.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { cn } from '~shared/ui/cn.ts';
import { showErrorToast } from '~shared/ui/toast.ts';

/** The ten preset outline colours for link icons (part 2 §9), saved in profiles.icon_outline_color. */
export function OutlineColorPicker({ userId, value }: { userId: string; value: string }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const save = useMutation(profileMutations.setOutlineColor(client, queryClient, userId));
  return (
    <div role="radiogroup" aria-label="Icon outline color" className="flex flex-wrap items-center gap-1.5">
      {OUTLINE_COLOR_PRESETS.map((color) => {
        const checked = color.toLowerCase() === value.toLowerCase();
        return (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={`Outline ${color}`}
            title={color}
            disabled={save.isPending}
            onClick={() => save.mutate(color, { onError: (error) => showErrorToast('profile.outlineColor', error) })}
            className={cn(
              'h-6 w-6 rounded-full border-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
              checked ? 'border-foreground' : 'border-transparent',
            )}
            style={{ backgroundColor: color }}
          />
        );
      })}
    </div>
  );
}
