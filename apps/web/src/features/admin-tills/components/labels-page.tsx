/**
 * Shelf labels (/labels?products=…, catalog.read): each variant's name, size and colour,
 * price and barcode (its own, or the Code 128 of its SKU), laid out on A4 sheets of 21 or 65
 * labels or one label per page, and printed from the browser (the page's size in mm, no
 * margins: choose "Actual size" in the print dialog). The products' pages link here.
 */
import { formatNaira } from '@shop/shared/money';
import { Printer } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Barcode } from '@/components/barcode.tsx';
import { buttonClass, ErrorNotice, inputClass, PageHeader, Spinner } from '@/components/admin/ui.tsx';
import { SHEETS, type SheetLayout, type SheetName, type ShelfLabel, pageCss } from '../labels.ts';
import { useLabels } from '../use-labels.ts';

export function LabelsPage() {
  const id = useId();
  const state = useLabels();
  const { sheet } = state;
  return (
    <div className="space-y-6">
      <style>{pageCss(sheet)}</style>
      <div className="space-y-4 print:hidden">
        <PageHeader
          title="Shelf labels"
          description={
            state.productIds.length === 0 ? (
              <>
                Choose products on the{' '}
                <Link to="/producttable" className="underline">
                  product list
                </Link>{' '}
                and print their labels from each product’s page.
              </>
            ) : (
              `${state.labels.length} labels on ${state.pages.length} ${state.pages.length === 1 ? 'page' : 'pages'}. Print at actual size (100%).`
            )
          }
          actions={
            <button
              type="button"
              className={buttonClass.primary}
              onClick={() => window.print()}
              disabled={state.labels.length === 0}
            >
              <Printer size={16} aria-hidden="true" /> Print labels
            </button>
          }
        />
        <div className="flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor={`${id}-sheet`} className="mb-1 block text-sm font-medium">
              Sheet
            </label>
            <select
              id={`${id}-sheet`}
              className={inputClass}
              value={state.sheetName}
              onChange={(e) => state.setSheet(e.target.value as SheetName)}
            >
              {Object.entries(SHEETS).map(([name, layout]) => (
                <option key={name} value={name}>
                  {layout.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-copies`} className="mb-1 block text-sm font-medium">
              Copies of each
            </label>
            <input
              id={`${id}-copies`}
              type="number"
              min={1}
              max={100}
              className={`${inputClass} w-24`}
              value={state.copies}
              onChange={(e) => state.setCopies(Number(e.target.value) || 1)}
            />
          </div>
        </div>
        {state.error ? <ErrorNotice>{state.error}</ErrorNotice> : null}
      </div>
      {state.loading ? (
        <Spinner label="Loading the products" />
      ) : (
        <div className="overflow-x-auto print:overflow-visible">
          {state.pages.map((labels, page) => (
            <Sheet key={labels[0]!.key} layout={sheet} labels={labels} page={page + 1} />
          ))}
        </div>
      )}
    </div>
  );
}

function Sheet({ layout, labels, page }: { layout: SheetLayout; labels: ShelfLabel[]; page: number }) {
  return (
    <section
      aria-label={`Label sheet ${page}`}
      className="mx-auto mb-6 box-border bg-white shadow print:m-0 print:shadow-none [break-after:page] last:[break-after:auto]"
      style={{
        width: `${layout.page.width}mm`,
        height: `${layout.page.height}mm`,
        paddingTop: `${layout.top}mm`,
        paddingLeft: `${layout.left}mm`,
        display: 'grid',
        gridTemplateColumns: `repeat(${layout.columns}, ${layout.width}mm)`,
        gridAutoRows: `${layout.height}mm`,
        columnGap: `${layout.columnGap}mm`,
        alignContent: 'start',
      }}
    >
      {labels.map((label) => (
        <Label key={label.key} label={label} small={layout.height < 30} />
      ))}
    </section>
  );
}

function Label({ label, small }: { label: ShelfLabel; small: boolean }) {
  return (
    <article
      data-testid="shelf-label"
      className={`flex flex-col overflow-hidden text-black ${small ? 'p-[1.5mm] text-[6pt] leading-tight' : 'p-[3mm] text-[8pt] leading-snug'}`}
    >
      <p className="truncate font-semibold">{label.name}</p>
      <p className="flex justify-between gap-1">
        <span className="truncate">{label.options}</span>
        <strong className={small ? 'text-[7pt]' : 'text-[11pt]'}>{formatNaira(label.price)}</strong>
      </p>
      <Barcode code={label.code} className="mt-auto min-h-0 flex-1" />
      <p className="text-center font-mono">{label.code}</p>
    </article>
  );
}
