import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';

/** What a signed-in page can add to the header banner (the dashboard adds its background picker). */
export interface BannerOptions {
  /** Shows the change-background button when set. */
  onChangeBackground?: () => void;
}

// Two contexts: pages only read the (stable) setter, so setting options never re-renders the page
// itself, even when it passes a new callback on every render.
const BannerOptionsValue = createContext<BannerOptions>({});
const SetBannerOptions = createContext<(options: BannerOptions) => void>(() => undefined);

export function BannerOptionsProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<BannerOptions>({});
  return (
    <SetBannerOptions.Provider value={setOptions}>
      <BannerOptionsValue.Provider value={options}>{children}</BannerOptionsValue.Provider>
    </SetBannerOptions.Provider>
  );
}

export function useBannerOptionsValue(): BannerOptions {
  return useContext(BannerOptionsValue);
}

/**
 * Called by a page to configure the banner while it is shown; reset when the page goes away. Set
 * before the page's first paint (a layout effect): set after it, the dashboard's 'Change background'
 * button appeared a frame late and moved the banner's Home and 'Add link' under a pointer already
 * on its way to them.
 */
export function useBannerOptions(options: BannerOptions) {
  const setOptions = useContext(SetBannerOptions);
  const { onChangeBackground } = options;
  useLayoutEffect(() => {
    setOptions({ onChangeBackground });
    return () => setOptions({});
  }, [setOptions, onChangeBackground]);
}
