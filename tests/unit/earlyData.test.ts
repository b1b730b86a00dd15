import { describe, expect, it } from 'vitest';
import { earlyUrl } from '../../src/api/early';
import { DEFAULT_PAGE_SIZE } from '../../src/config/constants';
import { activity } from '@domain/projects/resources';
import { EARLY_REQUESTS } from '../../src/router/earlyRequests';

const at = (path: string, search = '') => new URL(`http://localhost/zbzj${path}${search}`);

describe('the requests a menu route starts when it matches', () => {
  it('活动列表: the first page its table asks for, in the definition’s default order; nothing for a filtered link', () => {
    const home = EARLY_REQUESTS['/yx/sysActivity/index']!;
    // usePagedQuery's first request: the fixed params (none), no filters, page 1 of the default size and sort.
    const asked = earlyUrl(`${activity.api}/page`, { limit: DEFAULT_PAGE_SIZE, page: 1, sort: activity.defaultSort?.sort, order: activity.defaultSort?.order });
    expect(home(at('/yx/sysActivity/index'))).toBe(asked);
    expect(home(at('/yx/sysActivity/index', '?name=上海'))).toBeNull();
  });

  it('names a request by its parameters, whatever order they were given in', () => {
    expect(earlyUrl('/x/page', { sort: 'a', page: 1, limit: 10, empty: undefined })).toBe('/x/page?limit=10&page=1&sort=a');
    expect(earlyUrl('/x/page', { limit: 10, sort: 'a', page: 1 })).toBe('/x/page?limit=10&page=1&sort=a');
    expect(earlyUrl('/x/map', {})).toBe('/x/map');
  });
});
