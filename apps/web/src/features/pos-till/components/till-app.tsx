/**
 * The till at /pos: it opens from the device, with or without the network (the service
 * worker keeps the page, IndexedDB the till). A device not yet prepared is set up by the
 * signed-in member (online); a prepared one sells at once.
 */
import { type ComponentType, useEffect, useState } from 'react';
import { ErrorNotice, PageHeader, Spinner } from '@/components/admin/ui.tsx';
import { registerServiceWorker } from '../register-sw.ts';
import { useTill } from '../till-store.ts';
import { PrepareTill } from './prepare-till.tsx';
import { SearchBox, type SearchBoxProps } from './search-box.tsx';
import { TillScreen } from './till-screen.tsx';

/** `searchBox`: the scanner's search box (features/pos-scan), given by the route. */
export function TillApp({ searchBox }: { searchBox?: ComponentType<SearchBoxProps> }) {
  const phase = useTill((s) => s.phase);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    registerServiceWorker();
    useTill
      .getState()
      .load()
      .catch((error: unknown) => setFailed(error instanceof Error ? error.message : String(error)));
  }, []);

  if (phase === 'loading') {
    return (
      <>
        <PageHeader title="Point of Sale" />
        {failed ? (
          <ErrorNotice>This browser could not open the till's data on this device (IndexedDB): {failed}</ErrorNotice>
        ) : (
          <Spinner label="Opening the till" />
        )}
      </>
    );
  }
  if (phase === 'unprepared') {
    return (
      <>
        <PageHeader title="Point of Sale" description="Set up this device as a till: it keeps selling when the network drops." />
        <PrepareTill />
      </>
    );
  }
  if (!searchBox) return <TillScreen />;
  return (
    <SearchBox value={searchBox}>
      <TillScreen />
    </SearchBox>
  );
}
