"""/docs in a real browser under the site's CSP: Swagger UI starts from the vendored files and lists the API's
operations, with no Content-Security-Policy violation (``app_page`` fails the test on one)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import ARTIFACTS, app_page


def test_docs_page_lists_the_api_under_the_csp(client: TestClient) -> None:
    with app_page(client) as page:
        page.goto("http://gamewright.test/docs")
        page.wait_for_selector(".opblock-summary-path", timeout=15000)
        paths = {el.inner_text().replace("\u200b", "") for el in page.query_selector_all(".opblock-summary-path")}
        assert {"/api/games", "/api/games/{game_id}", "/api/games/{game_id}/actions"} <= paths
        page.screenshot(path=str(ARTIFACTS / "api_docs.png"), full_page=False)
