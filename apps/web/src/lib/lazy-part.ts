import { useEffect, useState, type ComponentType } from 'react';

/**
 * A part of a page that is not downloaded with it (decision 058's budget), and that the page can
 * wait for before showing anything, so it does not push what is already drawn when it arrives
 * (decision 068). `load` fetches the part's code and its strings together; the hook returned gives
 * the component once both are here (undefined until then), and fetches only once it is wanted.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): (wanted: boolean) => ComponentType<P> | undefined {
  let loaded: ComponentType<P> | undefined;
  return function useLazyPart(wanted: boolean) {
    const [, setArrived] = useState(false);
    useEffect(() => {
      if (!wanted || loaded) return;
      let current = true;
      void load().then((part) => {
        loaded = part;
        if (current) setArrived(true);
      });
      return () => {
        current = false;
      };
    }, [wanted]);
    return wanted ? loaded : undefined;
  };
}
