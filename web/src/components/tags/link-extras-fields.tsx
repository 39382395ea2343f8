import type { Dispatch, SetStateAction } from 'react';
import { LINK_NOTE_MAX_LENGTH } from '~shared/rules/tags.ts';
import { cn } from '~shared/ui/cn.ts';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { FormField } from '~shared/ui/form-field.tsx';
import { TagInput } from './tag-input.tsx';

export interface LinkExtras {
  tags: string[];
  /** Typed in the tag field, not added yet. */
  draft: string;
  note: string;
}

interface LinkExtrasFieldsProps {
  value: LinkExtras;
  /** Takes updates (the tag field changes the tags and the typed text in one event). */
  onChange: Dispatch<SetStateAction<LinkExtras>>;
  known: readonly string[];
  tagError: string | null;
  noteError: string | null;
}

/** The link form's Tags and private Note (their own tables, saved after the link). */
export function LinkExtrasFields({ value, onChange, known, tagError, noteError }: LinkExtrasFieldsProps) {
  const near = value.note.length > LINK_NOTE_MAX_LENGTH * 0.9;
  return (
    <>
      <TagInput
        value={value.tags}
        onChange={(tags) => onChange((current) => ({ ...current, tags }))}
        draft={value.draft}
        onDraftChange={(draft) => onChange((current) => ({ ...current, draft }))}
        known={known}
        error={tagError}
      />
      <FormField
        label="Note (optional, only you see it)"
        error={noteError ?? undefined}
        hint={
          near ? `${value.note.length.toLocaleString('en-US')} of ${LINK_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters` : undefined
        }
      >
        <textarea
          rows={2}
          value={value.note}
          onChange={(event) => {
            const note = event.target.value;
            onChange((current) => ({ ...current, note }));
          }}
          className={cn(CONTROL_CLASS, 'resize-y')}
          data-testid="link-note"
        />
      </FormField>
    </>
  );
}
