import { z } from 'zod';
import { LOGIN_TYPE } from '@/lib/constants';

/** Body of POST api/client/user/authenticateOrRegister (spec §3 'Authenticate/register body'). */
export const authenticateOrRegisterSchema = z.object({
  loginType: z.union([z.literal(LOGIN_TYPE.GOOGLE), z.literal(LOGIN_TYPE.APPLE), z.literal(LOGIN_TYPE.EMAIL)]),
  identity: z.string().trim().min(1).max(128),
  email: z.string().trim().max(254).nullish(),
  name: z.string().trim().max(100).nullish(),
  image: z.string().trim().max(2048).nullish(),
});
export type AuthenticateOrRegisterBody = z.infer<typeof authenticateOrRegisterSchema>;

export const userIdQuerySchema = z.object({ userId: z.string().max(64).optional() });
