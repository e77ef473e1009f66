// The part of @koopjs/featureserver (CommonJS, untyped) that koop-adapter.ts calls.
declare module '@koopjs/featureserver' {
  type Handler = (req: object, res: object, data: unknown) => unknown;
  const FeatureServer: {
    restInfo: Handler;
    serverInfo: Handler;
    layerInfo: Handler;
    layersInfo: Handler;
    query: Handler;
    setLogger(options: { logger?: object; logLevel?: string }): void;
  };
  export default FeatureServer;
}
