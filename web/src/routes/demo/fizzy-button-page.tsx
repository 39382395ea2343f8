import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { PARTICLE_EFFECT_CAP } from '~shared/constants.ts';
import { SparklesIcon } from '~shared/ui/icons/public-icons.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/document-meta.ts';
import { burst, step, type Particle } from './particles.ts';

function usePrefersReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setReduced(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/**
 * /demo/fizzy-button (part 2 §2): a button that bursts into particles when pressed. One canvas and
 * one requestAnimationFrame loop that runs only while particles live; at most 250 alive at once
 * (part 2 §9). Under prefers-reduced-motion there are no particles, only a calm colour pulse.
 */
export function FizzyButtonPage() {
  useDocumentMeta({ title: pageTitle('Fizzy button') });
  const reduced = usePrefersReducedMotion();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const particles = useRef<Particle[]>([]);
  const frame = useRef<number | null>(null);
  const peak = useRef(0);
  const [presses, setPresses] = useState(0);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  function draw(canvas: HTMLCanvasElement) {
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const ratio = canvas.width / canvas.clientWidth || 1;
    for (const p of particles.current) {
      ctx.globalAlpha = Math.max(0, p.life / p.maxLife);
      ctx.fillStyle = `hsl(${p.hue} 90% 65%)`;
      ctx.beginPath();
      ctx.arc(p.x * ratio, p.y * ratio, p.size * ratio, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.globalAlpha = 1;
    canvas.dataset.particles = String(particles.current.length);
  }

  function loop(last: number) {
    frame.current = requestAnimationFrame((now) => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      // A long pause (background tab) is not a huge jump.
      step(particles.current, Math.min(0.05, (now - last) / 1000));
      draw(canvas);
      if (particles.current.length > 0) loop(now);
      else frame.current = null;
    });
  }

  function press() {
    setPresses((n) => n + 1);
    if (reduced) return;
    const canvas = canvasRef.current;
    const button = buttonRef.current;
    if (!canvas || !button) return;
    const box = canvas.getBoundingClientRect();
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    if (canvas.width !== Math.round(box.width * ratio)) {
      canvas.width = Math.round(box.width * ratio);
      canvas.height = Math.round(box.height * ratio);
    }
    const b = button.getBoundingClientRect();
    particles.current = burst(particles.current, b.left + b.width / 2 - box.left, b.top + b.height / 2 - box.top);
    peak.current = Math.max(peak.current, particles.current.length);
    canvas.dataset.peak = String(peak.current);
    draw(canvas);
    if (frame.current === null) loop(performance.now());
  }

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center gap-6 px-4 py-10 text-center">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Fizzy button</h1>
        <p className="text-muted-foreground">Press the button: it fizzes into particles (at most {PARTICLE_EFFECT_CAP} at once).</p>
      </div>
      <div className="relative h-80 w-full overflow-hidden rounded-2xl border border-border bg-card">
        <canvas
          ref={canvasRef}
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 h-full w-full"
          data-testid="fizzy-canvas"
          data-particles="0"
          data-peak="0"
          data-reduced-motion={reduced ? 'true' : 'false'}
        />
        <div className="absolute inset-0 flex items-center justify-center">
          <button
            ref={buttonRef}
            type="button"
            onClick={press}
            data-presses={presses}
            className={`inline-flex items-center gap-2 rounded-full bg-primary px-7 py-3 text-base font-semibold text-primary-foreground shadow-lg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring/50 ${
              reduced ? 'transition-colors duration-500 active:bg-primary/80' : 'transition-transform active:scale-95'
            }`}
          >
            <SparklesIcon size={18} />
            Fizz!
          </button>
        </div>
      </div>
      <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
        {reduced
          ? 'Reduced motion is on: the button stays calm.'
          : presses
            ? `Fizzed ${presses} ${presses === 1 ? 'time' : 'times'}.`
            : 'Ready.'}
      </p>
      <Link to="/" className="text-sm text-primary underline-offset-4 hover:underline">
        Back to home
      </Link>
    </main>
  );
}
