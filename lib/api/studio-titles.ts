import type { EpisodeInput, ImageKind, SeasonInput, TitleInput } from '@/lib/contracts/studio-titles';
import { api } from './client';
import type { StudioEpisode, StudioSeason, StudioTitle, TitlePage, Option, Taxonomy, StudioBanner, UploadedImage, PublishRequest, ListQuery } from '@/lib/contracts/studio-titles';
import type { Envelope } from '@/lib/contracts/envelope';
const data = <T>(p: Promise<{ data: Envelope<T> }>) => p.then((res) => res.data.data);

export const fetchTitles = (query: ListQuery, signal?: AbortSignal) => {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params[k] = String(v);
  return data(api.get<Envelope<TitlePage>>('/api/admin/titles', { params, signal }));
};
export const fetchTitle = (id: string) => data(api.get<Envelope<StudioTitle>>(`/api/admin/titles/${id}`));
export const createTitle = (body: TitleInput) => data(api.post<Envelope<StudioTitle>>('/api/admin/titles', body));
export const saveTitle = (id: string, body: TitleInput) => data(api.put<Envelope<StudioTitle>>(`/api/admin/titles/${id}`, body));
export const deleteTitle = (id: string) => data(api.delete<Envelope<{ id: string }>>(`/api/admin/titles/${id}`));
export const publishTitle = (id: string, body: PublishRequest) => data(api.post<Envelope<StudioTitle>>(`/api/admin/titles/${id}/publish`, body));

export const createSeason = (titleId: string, body: SeasonInput) => data(api.post<Envelope<StudioSeason>>(`/api/admin/titles/${titleId}/seasons`, body));
export const updateSeason = (id: string, body: SeasonInput) => data(api.patch<Envelope<StudioSeason>>(`/api/admin/seasons/${id}`, body));
export const deleteSeason = (id: string) => data(api.delete<Envelope<{ id: string }>>(`/api/admin/seasons/${id}`));

export const createEpisode = (titleId: string, body: EpisodeInput) => data(api.post<Envelope<StudioEpisode>>(`/api/admin/titles/${titleId}/episodes`, body));
export const updateEpisode = (id: string, body: Partial<EpisodeInput>) => data(api.patch<Envelope<StudioEpisode>>(`/api/admin/episodes/${id}`, body));
export const deleteEpisode = (id: string) => data(api.delete<Envelope<{ id: string }>>(`/api/admin/episodes/${id}`));
export const publishEpisode = (id: string, body: PublishRequest) => data(api.post<Envelope<StudioEpisode>>(`/api/admin/episodes/${id}/publish`, body));
export const reorderEpisodes = (titleId: string, ids: string[]) => data(api.put<Envelope<StudioEpisode[]>>(`/api/admin/titles/${titleId}/episodes/order`, { ids }));
export const createTrailer = (titleId: string) => data(api.post<Envelope<StudioEpisode>>(`/api/admin/titles/${titleId}/trailer`, {}));

export const fetchTaxonomy = () => data(api.get<Envelope<Taxonomy>>('/api/admin/taxonomy'));
export const createArtist = (name: string) => data(api.post<Envelope<Option>>('/api/admin/taxonomy/artists', { name }));

/** Sends the file as the raw body (the server checks its first bytes, not this content type). */
export const uploadImage = (kind: ImageKind, file: Blob) =>
  data(api.post<Envelope<UploadedImage>>(`/api/admin/images?kind=${kind}`, file, { headers: { 'content-type': file.type || 'application/octet-stream' } }));

export const fetchBanners = () => data(api.get<Envelope<StudioBanner[]>>('/api/admin/banners'));
export const createBanner = (movieSeriesId: string, image = '') => data(api.post<Envelope<StudioBanner[]>>('/api/admin/banners', { movieSeriesId, image }));
export const updateBanner = (id: string, body: { isActive?: boolean; image?: string }) => data(api.patch<Envelope<StudioBanner[]>>(`/api/admin/banners/${id}`, body));
export const deleteBanner = (id: string) => data(api.delete<Envelope<StudioBanner[]>>(`/api/admin/banners/${id}`));
export const reorderBanners = (ids: string[]) => data(api.put<Envelope<StudioBanner[]>>('/api/admin/banners/order', { ids }));
