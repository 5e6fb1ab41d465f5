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

export type LoginType = (typeof LOGIN_TYPE)[keyof typeof LOGIN_TYPE];

/** The body the client sends: the schema's shape with every optional field spelled out. */
export type AuthenticateBody = { loginType: LoginType; identity: string; email: string | null; name: string | null; image: string | null };

/** The roles of the people who run the service (issue 13); everyone else is a 'viewer'. */
export type StudioRole = 'editor' | 'admin';

/** The user as the API answers it (authenticateOrRegister, fetchProfile) and as the client stores it. */
export type ApiUser = {
  _id: string;
  uid: string;
  name: string;
  email: string | null;
  image: string | null;
  loginType: number;
  isAnonymous: boolean;
  isVip: boolean;
  vipExpiresAt: string | null;
  vipLifetime: boolean;
  coins: number;
  createdAt: string;
  role?: 'viewer' | StudioRole;
};

export type ContentPage = { _id: string; slug: string; title: string; sections: { heading: string; paragraphs: string[] }[] };

/** What POST api/client/user/authenticateOrRegister answers. */
export type AuthenticateAnswer = { status: boolean; message: string; data: { user: ApiUser; token: string } };
