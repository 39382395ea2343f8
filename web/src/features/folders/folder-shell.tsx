/** The folder view's page: every mode and state of it sits in this frame. */
export function FolderShell({
  children,
  ...handlers
}: { children: React.ReactNode } & Pick<React.HTMLAttributes<HTMLDivElement>, 'onPointerOver' | 'onFocus'>) {
  return (
    <div className="relative flex-1" data-testid="folder-view" {...handlers}>
      <main className="mx-auto grid w-full max-w-7xl gap-4 px-3 pt-5 pb-24 sm:px-6 sm:pt-6">{children}</main>
    </div>
  );
}
