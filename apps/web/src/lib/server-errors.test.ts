import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { applyServerErrors } from './server-errors.ts';

type Values = { name: string; position: number };

/** A form's setError, recording what it was given. */
function form() {
  const set: [string, string | undefined][] = [];
  return { set, setError: (name: string, error: { message?: string }) => void set.push([name, error.message]) };
}

const refused = new ApiError(400, 'Name is too long', [
  { path: 'name', message: 'Name is too long' },
  { path: '', message: 'Something about the whole body' },
  { path: 'colour', message: 'Not a field of this form' },
]);

describe('applyServerErrors', () => {
  it('puts each message on the field of its path, skipping an empty path', () => {
    const f = form();
    applyServerErrors<Values>(f, refused);
    expect(f.set).toEqual([
      ['name', 'Name is too long'],
      ['colour', 'Not a field of this form'],
    ]);
  });

  it('leaves out the paths the form does not know, and reads a path its own way', () => {
    const f = form();
    const known = (path: string) => (path.split('.').pop() === 'name' ? ('name' as const) : undefined);
    applyServerErrors<Values>(f, new ApiError(400, 'Bad', [{ path: 'body.name', message: 'Too long' }, ...refused.errors]), {
      fieldOf: known,
    });
    expect(f.set).toEqual([
      ['name', 'Too long'],
      ['name', 'Name is too long'],
    ]);
  });

  it('gives the form the request’s message when it shows one, for any error', () => {
    const f = form();
    applyServerErrors<Values>(f, refused, { formMessage: true });
    expect(f.set.at(-1)).toEqual(['root.server', 'Name is too long']);
    const offline = form();
    applyServerErrors<Values>(offline, new TypeError('Failed to fetch'), { formMessage: true });
    expect(offline.set).toEqual([['root.server', 'Failed to fetch']]);
    const silent = form();
    applyServerErrors<Values>(silent, new TypeError('Failed to fetch'));
    expect(silent.set).toEqual([]);
  });
});
