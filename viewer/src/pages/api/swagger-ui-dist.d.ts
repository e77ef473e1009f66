// The part of swagger-ui-dist's bundle the API reference uses (the package ships no types).
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  interface SwaggerUiOptions {
    domNode: HTMLElement;
    url: string;
    deepLinking?: boolean;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    supportedSubmitMethods?: string[];
    tryItOutEnabled?: boolean;
    validatorUrl?: string | null;
    withCredentials?: boolean;
  }
  const SwaggerUIBundle: (options: SwaggerUiOptions) => unknown;
  export default SwaggerUIBundle;
}
