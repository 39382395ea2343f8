import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { requestPasswordReset, setSession, signIn, signOut, signUp, updatePassword, type SignUpParams } from './api.ts';
import { authKeys } from './keys.ts';

export const authMutations = {
  signUp: (client: DataClient) =>
    mutationOptions({ mutationKey: [...authKeys.all, 'signUp'], mutationFn: (params: SignUpParams) => signUp(client, params) }),
  signIn: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...authKeys.all, 'signIn'],
      mutationFn: (params: { email: string; password: string }) => signIn(client, params),
      onSuccess: (session) => queryClient.setQueryData(authKeys.session(), session),
    }),
  requestPasswordReset: (client: DataClient) =>
    mutationOptions({
      mutationKey: [...authKeys.all, 'requestPasswordReset'],
      mutationFn: (params: { email: string; redirectTo: string }) => requestPasswordReset(client, params),
    }),
  setSession: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...authKeys.all, 'setSession'],
      mutationFn: (tokens: { access_token: string; refresh_token: string }) => setSession(client, tokens),
      onSuccess: (session) => queryClient.setQueryData(authKeys.session(), session),
    }),
  updatePassword: (client: DataClient) =>
    mutationOptions({
      mutationKey: [...authKeys.all, 'updatePassword'],
      mutationFn: (newPassword: string) => updatePassword(client, newPassword),
    }),
  /** Sign-out drops every cached query: the next user must never see the previous one's data. */
  signOut: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...authKeys.all, 'signOut'],
      mutationFn: () => signOut(client),
      onSuccess: () => {
        queryClient.clear();
        queryClient.setQueryData(authKeys.session(), null);
      },
    }),
};
