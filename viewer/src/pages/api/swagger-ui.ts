// Swagger UI with its stylesheet, in a chunk of its own that only the API reference imports: its
// 1.7 MB bundle never reaches the map. Served from our origin like every other asset.
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';

export function renderSwaggerUi(domNode: HTMLElement, url: string): void {
  SwaggerUIBundle({
    domNode,
    url,
    deepLinking: false,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    // A reference to read: no try-it-out requests from the page.
    supportedSubmitMethods: [],
    tryItOutEnabled: false,
    // The default sends the document to validator.swagger.io for a badge; nothing leaves our origin.
    validatorUrl: null,
  });
}
