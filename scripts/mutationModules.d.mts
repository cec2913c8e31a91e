export declare const mutationModules: Record<string, { mutate: string[]; tests: string[] }>;
