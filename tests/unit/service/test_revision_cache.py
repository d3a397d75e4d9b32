"""The register caches' store: bounded LRU, a cached "absent" distinct from a miss, clear()."""

from __future__ import annotations

from service.companies import revision
from service.companies.revision import MISS, RevisionCache


def test_absent_is_cached_and_distinct_from_a_miss() -> None:
    cache: RevisionCache[str | None] = RevisionCache("t")
    assert cache.get(("emp", 1, "P9")) is MISS
    cache.put(("emp", 1, "P9"), None)
    assert cache.get(("emp", 1, "P9")) is None
    assert cache.get(("emp", 2, "P9")) is MISS  # another revision is another key


def test_the_least_recently_used_entry_leaves_first() -> None:
    cache: RevisionCache[int] = RevisionCache("t", max_entries=2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "b" is now the oldest
    cache.put("c", 3)
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (1, MISS, 3)
    assert len(cache) == 2


def test_clear_empties_every_cache_of_the_process() -> None:
    cache: RevisionCache[int] = RevisionCache("t")
    cache.put("a", 1)
    revision.clear()
    assert cache.get("a") is MISS
