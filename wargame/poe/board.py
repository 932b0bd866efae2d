"""The board: areas and adjacency from a map's area graph (see the map file format).

Areas are indexed ``0..n-1`` in the graph's node order; the engine works with
indices, actions and saves with the map's area ids.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from wargame.errors import FileFormatError, shown


@dataclass(frozen=True)
class Board:
    ids: tuple[str, ...]
    names: tuple[str, ...]
    sea: tuple[bool, ...]
    island: tuple[int, ...]  # island index per land area, -1 for sea
    island_ids: tuple[str, ...]
    town: tuple[bool, ...]
    big: tuple[bool, ...]
    adjacent: tuple[tuple[int, ...], ...]
    name: str = "map"

    @property
    def size(self) -> int:
        return len(self.ids)

    def index(self, area_id: str) -> int:
        try:
            return self._index[area_id]
        except KeyError:
            raise KeyError(area_id) from None

    @property
    def _index(self) -> dict[str, int]:
        cached = self.__dict__.get("_index_cache")
        if cached is None:
            cached = {a: i for i, a in enumerate(self.ids)}
            object.__setattr__(self, "_index_cache", cached)
        return cached

    def has(self, area_id: str) -> bool:
        return area_id in self._index

    @property
    def land_areas(self) -> tuple[int, ...]:
        return tuple(i for i in range(self.size) if not self.sea[i])

    @property
    def sea_areas(self) -> tuple[int, ...]:
        return tuple(i for i in range(self.size) if self.sea[i])

    def start_seas(self) -> tuple[int, ...]:
        """Where ships start: the big sea areas (every sea area if none is marked big)."""
        big = tuple(i for i in self.sea_areas if self.big[i])
        return big or self.sea_areas

    def distances_to(self, target: int) -> list[int]:
        """Steps from every area to ``target`` over the adjacency graph (BFS)."""
        far = 10**6
        dist = [far] * self.size
        dist[target] = 0
        frontier = [target]
        while frontier:
            nxt = []
            for a in frontier:
                for b in self.adjacent[a]:
                    if dist[b] == far:
                        dist[b] = dist[a] + 1
                        nxt.append(b)
            frontier = nxt
        return dist

    @classmethod
    def from_graph(cls, graph: Mapping[str, Any], *, name: str = "map") -> Board:
        """Build from ``{"nodes": [...], "edges": [[a, b], ...]}``; FileFormatError naming
        what is wrong when the map cannot carry the game (no sea, no land, no town)."""
        nodes = graph.get("nodes") if isinstance(graph, Mapping) else None
        edges = graph.get("edges") if isinstance(graph, Mapping) else None
        if not isinstance(nodes, list) or not isinstance(edges, list):
            raise FileFormatError(f"{name}: the area graph needs 'nodes' and 'edges' lists")
        ids: list[str] = []
        names: list[str] = []
        sea: list[bool] = []
        islands: list[str] = []
        island_of: list[int] = []
        town: list[bool] = []
        big: list[bool] = []
        for k, n in enumerate(nodes):
            if not isinstance(n, Mapping) or not isinstance(n.get("id"), str):
                raise FileFormatError(f"{name}: nodes[{k}] has no text 'id'")
            kind = n.get("kind")
            if kind not in ("land", "sea"):
                raise FileFormatError(f"{name}: nodes[{k}] ({n['id']}): kind must be land or sea")
            if n["id"] in ids:
                raise FileFormatError(f"{name}: area id {shown(n['id'])} is used twice")
            ids.append(n["id"])
            names.append(str(n.get("name") or n["id"]))
            sea.append(kind == "sea")
            if kind == "land":
                isl = str(n.get("island") or f"island-of-{n['id']}")
                if isl not in islands:
                    islands.append(isl)
                island_of.append(islands.index(isl))
            else:
                island_of.append(-1)
            town.append(bool(n.get("town")) and kind == "land")
            big.append(bool(n.get("big")) and kind == "sea")
        pos = {a: i for i, a in enumerate(ids)}
        adj: list[set[int]] = [set() for _ in ids]
        for k, e in enumerate(edges):
            if not (isinstance(e, list | tuple) and len(e) == 2):
                raise FileFormatError(f"{name}: edges[{k}] must be a pair of area ids")
            a, b = e
            if a not in pos or b not in pos:
                raise FileFormatError(f"{name}: edges[{k}] names an unknown area {shown(e)}")
            if a != b:
                adj[pos[a]].add(pos[b])
                adj[pos[b]].add(pos[a])
        if not any(sea):
            raise FileFormatError(f"{name}: the board needs at least one sea area")
        if all(sea):
            raise FileFormatError(f"{name}: the board needs at least one land area")
        if not any(town):
            raise FileFormatError(f"{name}: the board needs a land area with a town")
        return cls(
            tuple(ids),
            tuple(names),
            tuple(sea),
            tuple(island_of),
            tuple(islands),
            tuple(town),
            tuple(big),
            tuple(tuple(sorted(s)) for s in adj),
            name,
        )
