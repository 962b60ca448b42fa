import { apiClient, type ServerCode } from '@landing/shared';
import type { TokenCheckAnswer, TokenCheckKind } from '@landing/domain/schemas/auth';
import { atServer } from '../lib/api-base';

/** `POST /{server}/auth/token/check`: whether an e-mailed token of `kind` is still good (it is not used up). */
export const checkToken = (server: ServerCode, kind: TokenCheckKind, token: string): Promise<boolean> =>
  apiClient.post<TokenCheckAnswer>('/auth/token/check', { kind, token }, atServer(server)).then((r) => r.data.valid);
