import { describe, expect, it } from 'vitest';
import { columnChoiceKey, readColumnChoice, writeColumnChoice, type ChoiceStorage } from './column-choice';

function memoryStorage(): ChoiceStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const ALL = ['pic', 'number', 'factory', 'part_name', 'price', 'available', 'buy_qty', 'qty', 'add'];
const DEFAULTS = ['number', 'factory', 'part_name', 'price', 'available', 'qty', 'add'];
const REQUIRED = ['number'];

describe('column choice', () => {
  it('shows the defaults until the user chooses', () => {
    expect(readColumnChoice(memoryStorage(), 'k', ALL, DEFAULTS, REQUIRED)).toEqual(DEFAULTS);
    expect(readColumnChoice(null, 'k', ALL, DEFAULTS, REQUIRED)).toEqual(DEFAULTS);
  });

  it('keeps a choice per table and user, in the table order, across reloads', () => {
    const storage = memoryStorage();
    const demo = columnChoiceKey('catalog', 'Rapid/Chen');
    const other = columnChoiceKey('catalog', 'Rapid/Li');
    writeColumnChoice(storage, demo, ['buy_qty', 'number', 'pic'], ALL, DEFAULTS);
    expect(readColumnChoice(storage, demo, ALL, DEFAULTS, REQUIRED)).toEqual(['pic', 'number', 'buy_qty']);
    expect(readColumnChoice(storage, other, ALL, DEFAULTS, REQUIRED)).toEqual(DEFAULTS);
    expect(readColumnChoice(storage, columnChoiceKey('stock', 'Rapid/Chen'), ALL, DEFAULTS)).toEqual(
      DEFAULTS,
    );
  });

  it('always shows required columns and drops columns the table no longer has', () => {
    const storage = memoryStorage();
    storage.setItem('k', JSON.stringify(['price', 'gone']));
    expect(readColumnChoice(storage, 'k', ALL, DEFAULTS, REQUIRED)).toEqual(['number', 'price']);
  });

  it('falls back to the defaults for unreadable or empty stored values', () => {
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    expect(readColumnChoice(storage, 'k', ALL, DEFAULTS, REQUIRED)).toEqual(DEFAULTS);
    storage.setItem('k', JSON.stringify(['gone']));
    expect(readColumnChoice(storage, 'k', ALL, DEFAULTS, REQUIRED)).toEqual(DEFAULTS);
    storage.setItem('k', '"price"');
    expect(readColumnChoice(storage, 'k', ALL, DEFAULTS, REQUIRED)).toEqual(DEFAULTS);
  });

  it('stores the defaults as no choice, so new default columns reach the user', () => {
    const storage = memoryStorage();
    writeColumnChoice(storage, 'k', ['pic', 'number'], ALL, DEFAULTS);
    expect(storage.data.has('k')).toBe(true);
    writeColumnChoice(storage, 'k', [...DEFAULTS].reverse(), ALL, DEFAULTS);
    expect(storage.data.has('k')).toBe(false);
  });

  it('survives a storage that throws', () => {
    const broken: ChoiceStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    expect(readColumnChoice(broken, 'k', ALL, DEFAULTS, REQUIRED)).toEqual(DEFAULTS);
    expect(writeColumnChoice(broken, 'k', ['number', 'price'], ALL, DEFAULTS)).toEqual(['number', 'price']);
  });
});
