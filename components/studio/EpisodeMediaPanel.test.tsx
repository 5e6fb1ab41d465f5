import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EpisodeMediaView } from '@/lib/contracts/studio-media';
import { renderWithProviders } from '@/tests/fixtures/render';
import { EpisodeMediaPanel } from './EpisodeMediaPanel';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('@/lib/api/studio-media', () => ({
  fetchEpisodeMedia: vi.fn(),
  startEpisodeIngest: vi.fn(),
  retryEpisodeIngest: vi.fn(),
  uploadSubtitles: vi.fn(),
  createVideoUpload: vi.fn(),
  deleteRejectedUpload: vi.fn(),
}));

const api = await import('@/lib/api/studio-media');
const VIDEO_ID = '0123456789abcdef01234567';

const viewOf = (mediaStatus: EpisodeMediaView['mediaStatus'], ingest: Partial<NonNullable<EpisodeMediaView['ingest']>> | null): EpisodeMediaView => ({
  mediaStatus,
  durationSeconds: mediaStatus === 'ready' ? 95 : 0,
  hasSubtitles: false,
  ingest: ingest && { id: 'i1', state: 'queued', stage: 'queued', percent: 0, error: null, updatedAt: new Date().toISOString(), ...ingest },
});

beforeEach(() => {
  vi.mocked(api.fetchEpisodeMedia).mockReset();
  vi.mocked(api.startEpisodeIngest).mockReset();
  vi.mocked(api.retryEpisodeIngest).mockReset();
  vi.mocked(api.uploadSubtitles).mockReset();
  vi.mocked(api.createVideoUpload).mockReset();
});
afterEach(() => vi.useRealTimers());

describe('EpisodeMediaPanel', () => {
  it('uploads the chosen file with progress and pause/resume, starts the ingest, follows its progress to Ready', async () => {
    const user = userEvent.setup();
    vi.mocked(api.fetchEpisodeMedia).mockResolvedValueOnce(viewOf('pending', null));
    let events!: Parameters<typeof api.createVideoUpload>[2];
    const handle = { start: vi.fn(), pause: vi.fn().mockResolvedValue(undefined) };
    vi.mocked(api.createVideoUpload).mockImplementation(async (_id, _file, e) => {
      events = e;
      return handle;
    });
    vi.mocked(api.startEpisodeIngest).mockResolvedValue(viewOf('processing', { state: 'queued' }));
    const onChanged = vi.fn();
    renderWithProviders(<EpisodeMediaPanel videoId={VIDEO_ID} mediaStatus="pending" onChanged={onChanged} />);
    expect(await screen.findByText('No video yet')).toBeTruthy();

    await user.upload(screen.getByLabelText('Video file'), new File(['x'.repeat(100)], 'episode-1.mp4', { type: 'video/mp4' }));
    await user.click(screen.getByRole('button', { name: 'Upload video' }));
    await waitFor(() => expect(handle.start).toHaveBeenCalled());
    expect(vi.mocked(api.createVideoUpload).mock.calls[0][0]).toBe(VIDEO_ID);

    act(() => events.onProgress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Uploading' }).getAttribute('aria-valuenow')).toBe('40');
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(handle.pause).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(handle.start).toHaveBeenCalledTimes(2);

    // Processing, then ready: the panel polls the progress call.
    vi.mocked(api.fetchEpisodeMedia)
      .mockResolvedValueOnce(viewOf('processing', { state: 'running', stage: 'transcoding', percent: 42 }))
      .mockResolvedValue(viewOf('ready', { state: 'ready', stage: 'ready', percent: 100 }));
    act(() => events.onSuccess('a'.repeat(32)));
    await waitFor(() => expect(api.startEpisodeIngest).toHaveBeenCalledWith(VIDEO_ID, { uploadId: 'a'.repeat(32), subtitlesUploadId: undefined }));
    expect(await screen.findByRole('progressbar', { name: 'Processing the video' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Processing the video' }).getAttribute('aria-valuenow')).toBe('42'), { timeout: 3000 });
    expect(screen.getByText(/Transcoding/)).toBeTruthy();
    expect(await screen.findByText('Ready', undefined, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText(/1:35/)).toBeTruthy();
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(2));
  });

  it('shows ffmpeg\'s reason for a failure and retries', async () => {
    const user = userEvent.setup();
    vi.mocked(api.fetchEpisodeMedia).mockResolvedValue(viewOf('failed', { state: 'failed', stage: 'failed', error: 'Reading the file failed: moov atom not found' }));
    vi.mocked(api.retryEpisodeIngest).mockResolvedValue(viewOf('processing', { state: 'queued' }));
    renderWithProviders(<EpisodeMediaPanel videoId={VIDEO_ID} mediaStatus="failed" />);
    expect(await screen.findByText('Reading the file failed: moov atom not found')).toBeTruthy();
    vi.mocked(api.fetchEpisodeMedia).mockResolvedValue(viewOf('processing', { state: 'running', stage: 'probing', percent: 1 }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(api.retryEpisodeIngest).toHaveBeenCalledWith(VIDEO_ID);
    expect(await screen.findByRole('progressbar', { name: 'Processing the video' })).toBeTruthy();
    expect(screen.queryByText(/moov atom/)).toBeNull();
  });

  it('refuses a file that is not a video, and subtitles that are not WebVTT, by field', async () => {
    const user = userEvent.setup({ applyAccept: false });
    vi.mocked(api.fetchEpisodeMedia).mockResolvedValue(viewOf('pending', null));
    renderWithProviders(<EpisodeMediaPanel videoId={VIDEO_ID} mediaStatus="pending" />);
    const video = screen.getByLabelText('Video file');
    await user.upload(video, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(video.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(video.getAttribute('aria-describedby')!)?.textContent).toMatch(/Choose a video file/);
    const subs = screen.getByLabelText('Subtitles (optional)');
    await user.upload(subs, new File(['1\n'], 'subs.srt'));
    expect(subs.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Upload video' }));
    expect(api.createVideoUpload).not.toHaveBeenCalled();
  });

  it('a finished upload refused as not a video: an admin deletes it from the panel; an editor is told it goes after a day', async () => {
    const user = userEvent.setup();
    vi.mocked(api.fetchEpisodeMedia).mockResolvedValue(viewOf('pending', null));
    const message = 'This file is not a video the studio can read (MP4, MOV, MKV, WebM, AVI or MPEG-TS).';
    const refused = new AxiosError('422', 'ERR_BAD_REQUEST', undefined, undefined, {
      status: 422,
      statusText: 'Unprocessable',
      headers: {},
      config: { headers: new AxiosHeaders() },
      data: { status: false, message, code: 'E_VALIDATION' },
    });
    vi.mocked(api.startEpisodeIngest).mockRejectedValue(refused);
    vi.mocked(api.deleteRejectedUpload).mockResolvedValue(undefined);
    const uploadId = 'b'.repeat(32);
    for (const admin of [false, true]) {
      vi.mocked(api.createVideoUpload).mockImplementation(async (_id, _file, e) => ({ start: () => e.onSuccess(uploadId), pause: vi.fn() }));
      const { unmount } = renderWithProviders(<EpisodeMediaPanel videoId={VIDEO_ID} mediaStatus="pending" canDeleteUploads={admin} />);
      await user.upload(screen.getByLabelText('Video file'), new File(['%PDF'], 'renamed.mp4', { type: 'video/mp4' }));
      await user.click(screen.getByRole('button', { name: 'Upload video' }));
      expect(await screen.findByText(message)).toBeTruthy();
      if (!admin) {
        expect(screen.queryByRole('button', { name: 'Delete this upload' })).toBeNull();
        expect(screen.getByText(/removed after a day/)).toBeTruthy();
      } else {
        await user.click(screen.getByRole('button', { name: 'Delete this upload' }));
        expect(api.deleteRejectedUpload).toHaveBeenCalledWith(VIDEO_ID, uploadId);
        expect(await screen.findByText('The upload was deleted.')).toBeTruthy();
        expect(screen.queryByText(message)).toBeNull();
        expect(screen.queryByRole('button', { name: 'Delete this upload' })).toBeNull();
      }
      unmount();
    }
  });
  it('asks the subtitles\' language and sends it with the file (issue 22: every file was labelled English)', async () => {
    const user = userEvent.setup();
    vi.mocked(api.fetchEpisodeMedia).mockResolvedValue(viewOf('pending', null));
    vi.mocked(api.createVideoUpload).mockImplementation(async (_id, _file, e) => ({ start: () => e.onSuccess('c'.repeat(32)), pause: vi.fn() }));
    vi.mocked(api.uploadSubtitles).mockResolvedValue('d'.repeat(24));
    vi.mocked(api.startEpisodeIngest).mockResolvedValue(viewOf('processing', { state: 'queued' }));
    renderWithProviders(<EpisodeMediaPanel videoId={VIDEO_ID} mediaStatus="pending" />);
    expect(screen.queryByLabelText('Subtitles language')).toBeNull();
    await user.upload(screen.getByLabelText('Video file'), new File(['x'], 'episode-1.mp4', { type: 'video/mp4' }));
    const vtt = 'WEBVTT\n\n00:00:00.500 --> 00:00:01.500\nMahal kita.\n';
    await user.upload(screen.getByLabelText('Subtitles (optional)'), new File([vtt], 'ep1.vtt', { type: 'text/vtt' }));

    // No language chosen: nothing is sent, and the field says why.
    await user.click(screen.getByRole('button', { name: 'Upload video' }));
    const language = screen.getByLabelText('Subtitles language');
    expect(language.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(language.getAttribute('aria-describedby')!)?.textContent).toBe('Choose the language of the subtitles.');
    expect(api.createVideoUpload).not.toHaveBeenCalled();

    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a language…', 'Filipino (Tagalog)', 'English', 'Cebuano', 'Ilocano']);
    await user.selectOptions(language, 'Filipino (Tagalog)');
    expect(language.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Upload video' }));
    await waitFor(() => expect(api.startEpisodeIngest).toHaveBeenCalledWith(VIDEO_ID, { uploadId: 'c'.repeat(32), subtitlesUploadId: 'd'.repeat(24) }));
    expect(api.uploadSubtitles).toHaveBeenCalledWith(VIDEO_ID, vtt, 'fil');
  });
});
