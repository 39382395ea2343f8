import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useDataClient } from '~shared/data/provider.tsx';
import { studioMutations } from '~shared/data/studio/mutations.ts';
import type { StudioImageKind } from '~shared/data/studio/api.ts';
import type { UploadedFile } from '~shared/data/storage.ts';
import { Button } from '~shared/ui/button.tsx';
import { ImageIcon, LoaderIcon } from '~shared/ui/icons.tsx';
import { showErrorToast } from '~shared/ui/toast.ts';
import { useFilePicker } from '../../components/file-picker.tsx';

/** A button that uploads one image to a studio bucket (raster images, ≤ 5 MB; the bucket checks too). */
export function ImagePicker({
  kind,
  label,
  onUploaded,
  testId,
  disabled,
}: {
  kind: StudioImageKind;
  label: string;
  onUploaded: (file: UploadedFile) => void;
  testId: string;
  disabled?: boolean;
}) {
  const client = useDataClient();
  const upload = useMutation(studioMutations.uploadImage(client));
  const [busy, setBusy] = useState(false);
  const picker = useFilePicker({
    kind: 'background',
    accept: 'image/png,image/jpeg,image/gif,image/webp,image/avif,image/bmp',
    label: `${label} (file)`,
    testId,
    onFile: (file) => {
      setBusy(true);
      upload.mutate(
        { kind, file },
        { onSuccess: onUploaded, onError: (error) => showErrorToast('upload', error), onSettled: () => setBusy(false) },
      );
    },
  });
  return (
    <>
      <Button variant="outline" size="sm" onClick={picker.open} disabled={busy || disabled}>
        {busy ? <LoaderIcon size={14} className="animate-spin" /> : <ImageIcon size={14} />}
        {label}
      </Button>
      {picker.input}
    </>
  );
}
