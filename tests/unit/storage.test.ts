import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStorage, storage } from '../../src/lib/storage';

describe('namespaced storage with expiry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T08:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stores under the pro__ namespace', () => {
    storage.set('Access-Token', 'abc', 1000);
    expect(window.localStorage.getItem('pro__Access-Token')).not.toBeNull();
    expect(window.localStorage.getItem('Access-Token')).toBeNull();
    expect(storage.get('Access-Token')).toBe('abc');
  });

  it('reads an entry until its lifetime ends, then null, and removes it', () => {
    storage.set('Access-Token', 'abc', 24 * 3600 * 1000);
    vi.advanceTimersByTime(24 * 3600 * 1000 - 1);
    expect(storage.get('Access-Token')).toBe('abc');
    vi.advanceTimersByTime(1);
    expect(storage.get('Access-Token')).toBeNull();
    expect(window.localStorage.getItem('pro__Access-Token')).toBeNull();
  });

  it('keeps entries written without a lifetime', () => {
    storage.set('Return-Url', '/cnf/project/index');
    vi.advanceTimersByTime(365 * 24 * 3600 * 1000);
    expect(storage.get('Return-Url')).toBe('/cnf/project/index');
  });

  it('keeps structured values', () => {
    storage.set('settings', { theme: 'dark', multiTab: false }, 1000);
    expect(storage.get('settings')).toEqual({ theme: 'dark', multiTab: false });
  });

  it('treats foreign or corrupt entries as absent', () => {
    window.localStorage.setItem('pro__broken', '{not json');
    window.localStorage.setItem('pro__plain', JSON.stringify('just a string'));
    expect(storage.get('broken')).toBeNull();
    expect(storage.get('plain')).toBeNull();
    expect(window.localStorage.getItem('pro__broken')).toBeNull();
  });

  it('separates namespaces', () => {
    const other = createStorage('other__');
    other.set('Access-Token', 'x');
    expect(storage.get('Access-Token')).toBeNull();
    storage.remove('Access-Token');
    expect(other.get('Access-Token')).toBe('x');
  });
});
