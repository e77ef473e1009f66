import { describe, expect, it } from 'vitest';
import { ApiError } from './client.ts';
import { doneRemote, failedRemote, loadingRemote, valueOf } from './use-remote.ts';

describe('remote data', () => {
  it('says a failure in the API’s own words and keeps the error for its status', () => {
    const error = new ApiError(404, 'NOT_FOUND', 'No such project');
    const failed = failedRemote(error);
    expect(failed).toEqual({ status: 'failed', message: 'No such project', error });
  });

  it('gives the value only once done', () => {
    expect(valueOf(doneRemote([1, 2]))).toEqual([1, 2]);
    expect(valueOf(loadingRemote)).toBeUndefined();
    expect(valueOf(failedRemote(new Error('offline')))).toBeUndefined();
  });
});
