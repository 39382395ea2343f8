import { HomeIcon } from '~shared/ui/icons/public-icons.tsx';
import { LinkButton } from '../../components/link-button.tsx';

/** "This page isn't available" (part 2 §2) and its variants: one title, one line, Go to home. */
export function PageUnavailable({ title, message, testId }: { title: string; message: string; testId: string }) {
  return (
    <main
      className="flex min-h-screen flex-col items-center justify-center bg-background px-4 text-center text-foreground"
      data-testid={testId}
    >
      <h1 className="text-2xl font-semibold sm:text-3xl">{title}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{message}</p>
      <LinkButton to="/" className="mt-8">
        <HomeIcon size={16} />
        Go to home
      </LinkButton>
    </main>
  );
}
