import { ScanInput } from '@/features/pos-scan/index.ts';
import { TillApp } from '@/features/pos-till/components/till-app.tsx';

/** The till (issue 29): it sells with or without the network, scanners typing into its search box. */
export default function Route() {
  return (
    <>
      <title>Point of Sale · Adire back office</title>
      <TillApp searchBox={ScanInput} />
    </>
  );
}
