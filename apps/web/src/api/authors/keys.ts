export interface AuthorsParams {
  q?: string;
  letter?: string;
  page: number;
  pageSize: number;
}

export const authorKeys = {
  list: (params: AuthorsParams) => ['authors', params] as const,
  detail: (name: string) => ['author', name] as const,
};
