import { useEffect, useState } from 'react';
import logoUrl from '../../assets/logo.png';
import { processLogo } from './process-logo.ts';

interface ProcessedLogoProps {
  className?: string;
  alt: string;
  size: number;
}

/** The logo with its black background made transparent; the original image if processing fails. */
export function ProcessedLogo({ className, alt, size }: ProcessedLogoProps) {
  const [src, setSrc] = useState<string>(logoUrl);
  const [state, setState] = useState<'pending' | 'processed' | 'original'>('pending');

  useEffect(() => {
    let cancelled = false;
    processLogo(logoUrl)
      .then((processed) => {
        if (cancelled) return;
        setSrc(processed);
        setState('processed');
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn('Logo processing failed; showing the original.', error);
        setState('original');
      });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      data-logo-state={state}
      // Hidden until processed so the black square never flashes; shown as-is on failure.
      style={{ visibility: state === 'pending' ? 'hidden' : 'visible' }}
      className={className}
    />
  );
}
