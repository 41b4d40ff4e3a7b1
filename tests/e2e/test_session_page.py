"""The page's session: undo, redo and a press the shown solution already
answers hand back stored values, with no request to the worker."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

# Every request message the page posts to the engine (Worker or SharedWorker
# port), by command, before any module runs.
COUNT_REQUESTS = """
  window.workerRequests = [];
  for (const proto of [Worker.prototype, MessagePort.prototype]) {
    const post = proto.postMessage;
    proto.postMessage = function (message, ...rest) {
      if (message?.type === "request") window.workerRequests.push(message.request.cmd);
      return post.call(this, message, ...rest);
    };
  }
"""


def requests_sent(page) -> list[str]:
    return page.evaluate("window.workerRequests.slice()")
