// Starts Swagger UI on /docs (a file, not an inline script: the site's CSP allows script only from 'self').
window.addEventListener("DOMContentLoaded", function () {
  window.ui = SwaggerUIBundle({url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true});
});
