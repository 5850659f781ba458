import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useContext, useId, useState } from 'react';
import { artistApiPaths } from '../../../../shared/api-paths.ts';
import { formatRupees } from '../../../../shared/domain/money.ts';
import {
  EXHIBITION_MESSAGES,
  type MyExhibitedWork,
  type WorkSale,
} from '../../../../shared/schemas/exhibition.ts';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/form-fields.tsx';
import { ApiCacheContext } from '../../../lib/api-cache.ts';
import { apiFetch, toApiError } from '../../../lib/api-client.ts';

/*
 * On My entries: the artist's works on show in an exhibition, each of which they may mark for
 * sale at a price (or take the mark off). Its key starts with 'me', so signing out forgets it.
 */

const myExhibitedWorksQuery = queryOptions({
  queryKey: ['me', 'exhibited-works'],
  queryFn: () => apiFetch<MyExhibitedWork[]>(artistApiPaths.workSales),
});

const saveSale = ({ workId, price }: { workId: string; price: number | null }) =>
  apiFetch<WorkSale>(artistApiPaths.workSale(workId), {
    method: 'PUT',
    body: JSON.stringify({ price }),
  });

export function MyWorksForSale() {
  const cache = useContext(ApiCacheContext);
  const headingId = useId();
  const works = useQuery(myExhibitedWorksQuery, cache);
  if (!works.data || works.data.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-12 flex flex-col gap-4">
      <h2 id={headingId} className="text-2xl font-bold">
        Your works on show
      </h2>
      <p className="text-gray-700 dark:text-gray-300">
        Mark a work for sale and visitors see its price; their enquiries come to the art space.
      </p>
      <ul className="flex flex-col gap-6">
        {works.data.map((work) => (
          <li key={work.workId}>
            <SaleForm work={work} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SaleForm({ work }: { work: MyExhibitedWork }) {
  const cache = useContext(ApiCacheContext);
  const [price, setPrice] = useState(work.price === null ? '' : String(work.price));
  const [error, setError] = useState<string | undefined>();
  const save = useMutation(
    {
      mutationFn: saveSale,
      onSuccess: () => cache.invalidateQueries({ queryKey: myExhibitedWorksQuery.queryKey }),
    },
    cache,
  );
  const submit = (value: number | null) => {
    setError(undefined);
    save.mutate(
      { workId: work.workId, price: value },
      {
        onError: (failure) => {
          const apiError = toApiError(failure);
          setError(apiError.fields?.price ?? apiError.message);
        },
      },
    );
  };
  const name = work.title || 'Untitled';
  return (
    <form
      noValidate
      aria-label={`For sale: ${name}`}
      onSubmit={(event) => {
        event.preventDefault();
        const text = price.trim();
        const value = Number(text);
        if (text !== '' && (!Number.isInteger(value) || value < 1)) {
          setError(EXHIBITION_MESSAGES.price);
          return;
        }
        submit(text === '' ? null : value);
      }}
      className="flex flex-col gap-2 rounded-xl border border-gray-200 p-4 dark:border-gray-800"
    >
      <p className="font-semibold">
        {name} <span className="font-normal">in {work.exhibitionTitle}</span>
      </p>
      <p>{work.price === null ? 'Not for sale' : `For sale: ${formatRupees(work.price)}`}</p>
      <Field
        label="Price in rupees"
        inputMode="numeric"
        hint="Empty: not for sale"
        value={price}
        error={error}
        onChange={(e) => setPrice(e.target.value)}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save price
        </Button>
        {work.price !== null ? (
          <Button
            size="sm"
            variant="outline"
            disabled={save.isPending}
            onClick={() => {
              setPrice('');
              submit(null);
            }}
          >
            Not for sale
          </Button>
        ) : null}
      </div>
    </form>
  );
}
