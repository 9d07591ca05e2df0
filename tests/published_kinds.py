"""Published puzzles of the constraint catalogue's kinds, each with its published solution.

Every entry names the repository and file it was transcribed from (and the puzzle's origin as that
file names it); the puzzle and its solution both come from there, none from our solvers. The
puzzle is a puzzle document (``{"givens": ..., "constraints": [...]}``, cells 0-based) or, where
the source is f-puzzles JSON, that JSON cut to the grid's givens and regions and the rule keys.
Transcriptions: lisudoku's ``CellPosition::new(r, c)`` is 0-based; Interactive-Sudoku-Solver's
``R1C1`` is 1-based, a pencil mark of exactly the odd (even) digits is an odd (even) cell, a
``LittleKiller~sum~R1C1`` clue names the diagonal's first cell (direction as that solver's
``LittleKiller.cellMap``), a ``PillArrow~2`` lists the pill first (read left to right, top to
bottom), ``StrictKropki`` / ``StrictXV`` are the negative rules, ``Sandwich~sum~C1`` is the
clue above column 1 (``R1``: left of row 1), ``XSum~C2~a~b`` the clues above (a) and below (b)
column 2; SudokuGraphicCreator's XV marks at (r, c) lie between (r, c - 1) and (r, c) in a row,
(r - 1, c) and (r, c) in a column.
"""

from __future__ import annotations

import json
from typing import NamedTuple


class P(NamedTuple):
    kind: str  # the kind the puzzle is published for (other kinds may join it)
    source: str  # repository, path and test or entry name
    puzzle: str  # a puzzle document or f-puzzles JSON, as text
    solution: str  # the published solution, row by row


def board(entry: P):
    """The entry's puzzle, read as the CLI reads it (a document, or f-puzzles JSON)."""
    from sudoku_cp.formats.fpuzzles import from_fpuzzles
    from sudoku_cp.formats.text import parse_puzzle

    data = json.loads(entry.puzzle)
    return from_fpuzzles(data) if "grid" in data else parse_puzzle(entry.puzzle)


PUBLISHED = [
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/arrow_9x9.rs check_arrow_9x9_1_solve
    # (origin: https://gp.worldpuzzle.org/sites/default/files/Puzzles/2023/2023_SudokuRound7_IB.pdf puzzle 8)
    P("arrow",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/arrow_9x9.rs check_arrow_9x9_1_solve",
      ('{"givens": ".................................................................................", '
       '"constraints": [{"type": "arrow", "circle": [[0, 0], [0, 1]], "cells": [[0, 2], [0, 3]]}, '
       '{"type": "arrow", "circle": [[0, 5]], "cells": [[0, 6], [0, 7], [0, 8]]}, {"type": "arrow", '
       '"circle": [[1, 0], [2, 0]], "cells": [[3, 0], [4, 0], [5, 0]]}, {"type": "arrow", "circle": [[1, '
       '3]], "cells": [[1, 4], [1, 5], [1, 6]]}, {"type": "arrow", "circle": [[2, 2], [2, 3]], '
       '"cells": [[2, 4], [2, 5], [2, 6], [2, 7], [2, 8]]}, {"type": "arrow", "circle": [[3, 5]], '
       '"cells": [[4, 6], [4, 7]]}, {"type": "arrow", "circle": [[4, 4]], "cells": [[4, 3], [4, 2], [4, '
       '1]]}, {"type": "arrow", "circle": [[5, 6]], "cells": [[5, 5], [5, 4], [5, 3]]}, {"type": "arrow", '
       '"circle": [[6, 5], [6, 6]], "cells": [[6, 4], [6, 3], [6, 2], [6, 1], [6, 0]]}, {"type": "arrow", '
       '"circle": [[6, 8], [7, 8]], "cells": [[5, 8], [4, 8]]}, {"type": "arrow", "circle": [[7, 1]], '
       '"cells": [[7, 0], [8, 0]]}, {"type": "arrow", "circle": [[7, 1]], "cells": [[7, 2], [7, 3]]}, '
       '{"type": "arrow", "circle": [[8, 7], [8, 8]], "cells": [[8, 6], [8, 5], [8, 4]]}]}'),
      "158769234297834156463125879836947512915286347724513968649352781382671495571498623"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/arrow_9x9.rs check_arrow_9x9_2_solve
    # (origin: https://www.youtube.com/watch?v=vKEmgKgYg_U)
    P("arrow",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/arrow_9x9.rs check_arrow_9x9_2_solve",
      ('{"givens": ".................................................................................", '
       '"constraints": [{"type": "arrow", "circle": [[1, 6]], "cells": [[0, 6], [0, 5]]}, {"type": "arrow", '
       '"circle": [[1, 6]], "cells": [[1, 5], [1, 4], [1, 3]]}, {"type": "arrow", "circle": [[2, 0], [2, '
       '1]], "cells": [[3, 0], [3, 1], [3, 2], [4, 3]]}, {"type": "arrow", "circle": [[2, 3], [2, 4]], '
       '"cells": [[3, 4], [3, 3], [4, 2], [5, 2]]}, {"type": "arrow", "circle": [[2, 5]], "cells": [[3, 5], '
       '[4, 5], [5, 5]]}, {"type": "arrow", "circle": [[2, 6], [2, 7]], "cells": [[2, 8], [1, 8]]}, '
       '{"type": "arrow", "circle": [[5, 6]], "cells": [[6, 5], [7, 5]]}, {"type": "arrow", "circle": [[5, '
       '7], [5, 8]], "cells": [[6, 7], [7, 8], [8, 8], [8, 7], [8, 6], [8, 5], [8, 4], [8, 3], [8, 2], [8, '
       '1], [8, 0], [7, 0]]}, {"type": "arrow", "circle": [[6, 0]], "cells": [[5, 1], [4, 1]]}, '
       '{"type": "arrow", "circle": [[7, 1]], "cells": [[6, 2], [6, 3], [6, 4]]}, {"type": "arrow", '
       '"circle": [[7, 4]], "cells": [[7, 3], [7, 2]]}]}'),
      "814976253396215847257348169675891324139724685428563971582137496961452738743689512"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/arrow_9x9.rs check_arrow_9x9_3_solve
    # (origin: https://gp.worldpuzzle.org/sites/default/files/Puzzles/2023/2023_SudokuRound7.pdf puzzle 8)
    P("arrow",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/arrow_9x9.rs check_arrow_9x9_3_solve",
      ('{"givens": "...1.................................................1...........................", '
       '"constraints": [{"type": "arrow", "circle": [[0, 0]], "cells": [[1, 1], [2, 2], [3, 3], [4, 4], [5, '
       '5]]}, {"type": "arrow", "circle": [[1, 2]], "cells": [[2, 3]]}, {"type": "arrow", "circle": [[1, '
       '7]], "cells": [[2, 8], [2, 7], [2, 6]]}, {"type": "arrow", "circle": [[2, 4]], "cells": [[3, 4], '
       '[4, 5]]}, {"type": "arrow", "circle": [[3, 2], [4, 2]], "cells": [[4, 3], [5, 3], [5, 4], [6, 5]]}, '
       '{"type": "arrow", "circle": [[5, 1]], "cells": [[6, 2]]}, {"type": "arrow", "circle": [[5, 6]], '
       '"cells": [[5, 7], [4, 8]]}, {"type": "arrow", "circle": [[6, 0]], "cells": [[5, 0], [4, 0], [3, '
       '0]]}, {"type": "arrow", "circle": [[7, 5]], "cells": [[6, 6]]}, {"type": "arrow", "circle": [[7, '
       '6]], "cells": [[6, 7], [7, 8]]}, {"type": "arrow", "circle": [[7, 7]], "cells": [[8, 8], [8, 7], '
       '[8, 6]]}, {"type": "arrow", "circle": [[8, 2]], "cells": [[8, 3], [7, 2], [7, 1], [7, 0]]}]}'),
      "943127658528463197761895243182356479395714862476982531837541926214639785659278314"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/arrow_4x4.rs check_arrow_4x4_1_solve
    # (origin: not named there)
    P("arrow",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/arrow_4x4.rs check_arrow_4x4_1_solve",
      ('{"givens": "...3....1.......", "constraints": [{"type": "arrow", "circle": [[3, 0]], "cells": [[2, '
       '1], [1, 2], [0, 1]]}, {"type": "arrow", "circle": [[3, 1]], "cells": [[3, 2], [3, 3]]}]}'),
      "2143341212344321"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Arrow"
    # (origin: https://sugarroad.blogspot.com/search/label/sudoku)
    P("arrow",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Arrow\"",
      ('{"givens": ".6......99.............................................................34......7.", '
       '"constraints": [{"type": "arrow", "circle": [[0, 4]], "cells": [[1, 3], [2, 2], [3, 1], [4, 0]]}, '
       '{"type": "arrow", "circle": [[2, 6]], "cells": [[1, 5], [2, 4], [3, 3], [4, 2]]}, {"type": "arrow", '
       '"circle": [[5, 1]], "cells": [[6, 2], [5, 3], [4, 4], [3, 5]]}, {"type": "arrow", "circle": [[6, '
       '3]], "cells": [[6, 4], [6, 5]]}, {"type": "arrow", "circle": [[5, 6]], "cells": [[4, 6], [3, 6]]}, '
       '{"type": "arrow", "circle": [[4, 8]], "cells": [[5, 7], [6, 6], [7, 5], [8, 4]]}]}'),
      "167584329985362417342719856718293645253647198694158732571936284829471563436825971"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Pill Arrow Sudoku"
    # (origin: https://logic-masters.de/Raetselportal/Raetsel/zeigen.php?id=0007D1, https://sudokupad.app/k672pxo3r9)
    P("arrow",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Pill Arrow Sudoku\"",
      ('{"givens": ".................................................................................", '
       '"constraints": [{"type": "arrow", "circle": [[0, 1], [0, 2]], "cells": [[0, 0], [1, 0], [2, 0]]}, '
       '{"type": "arrow", "circle": [[0, 6], [0, 7]], "cells": [[0, 5], [0, 4], [0, 3]]}, {"type": "arrow", '
       '"circle": [[1, 5], [1, 6]], "cells": [[1, 4], [1, 3], [1, 2]]}, {"type": "arrow", "circle": [[3, '
       '0], [4, 0]], "cells": [[5, 0], [6, 0], [7, 0]]}, {"type": "arrow", "circle": [[2, 1], [3, 1]], '
       '"cells": [[4, 1], [5, 1], [6, 1]]}, {"type": "arrow", "circle": [[8, 0], [8, 1]], "cells": [[8, 2], '
       '[8, 3], [8, 4]]}, {"type": "arrow", "circle": [[3, 8], [4, 8]], "cells": [[2, 8], [1, 8], [0, 8]]}, '
       '{"type": "arrow", "circle": [[7, 5], [8, 5]], "cells": [[8, 6], [8, 7], [8, 8]]}, {"type": "arrow", '
       '"circle": [[2, 2]], "cells": [[3, 3], [4, 4]]}, {"type": "arrow", "circle": [[6, 2]], "cells": [[5, '
       '3], [4, 4], [3, 5]]}, {"type": "arrow", "circle": [[2, 7]], "cells": [[3, 6]]}]}'),
      "514896237679231485328745196235684971491327658786159342967418523853962714142573869"),
    # sigh/Interactive-Sudoku-Solver data/collections.js "CTC Tribute"
    # (origin: https://www.youtube.com/watch?v=MAxNNVEs7cE, https://sudokupad.app/M83Hj6DRQh)
    P("arrow",
      "sigh/Interactive-Sudoku-Solver data/collections.js \"CTC Tribute\"",
      ('{"givens": ".................................................................................", '
       '"constraints": [{"type": "killer", "cells": [[0, 2], [0, 1], [0, 0], [1, 0], [2, 0], [2, 1], [2, '
       '2]], "sum": 35}, {"type": "killer", "cells": [[3, 2], [3, 1], [3, 0], [4, 1], [5, 1]], "sum": 31}, '
       '{"type": "killer", "cells": [[6, 3], [6, 2], [6, 1], [7, 1], [8, 1], [8, 2], [8, 3]], "sum": 36}, '
       '{"type": "killer", "cells": [[4, 3], [4, 4]], "sum": 14}, {"type": "killer", "cells": [[8, 7], [8, '
       '8]], "sum": 10}, {"type": "thermometer", "cells": [[0, 2], [0, 1]]}, {"type": "thermometer", '
       '"cells": [[7, 7], [6, 8], [7, 8]]}, {"type": "arrow", "circle": [[1, 1]], "cells": [[1, 2], [1, 3], '
       '[1, 4]]}, {"type": "arrow", "circle": [[2, 3]], "cells": [[3, 3], [4, 2], [5, 3]]}, '
       '{"type": "arrow", "circle": [[8, 5]], "cells": [[7, 6], [7, 7]]}, {"type": "arrow", "circle": [[6, '
       '5]], "cells": [[5, 6], [4, 6]]}, {"type": "arrow", "circle": [[3, 5]], "cells": [[2, 6], [1, 6], '
       '[0, 6]]}, {"type": "arrow", "circle": [[3, 8]], "cells": [[4, 8], [5, 8]]}, {"type": "arrow", '
       '"circle": [[3, 8]], "cells": [[2, 7], [1, 8]]}, {"type": "arrow", "circle": [[7, 5]], "cells": [[7, '
       '4], [7, 3]]}]}'),
      "364792158982154673751863249618349527273685491495271386546917832839426715127538964"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/thermo_9x9.rs check_9x9_thermo_medium_solve
    # (origin: UK Sudoku Championship 2022 booklet - 9x9 thermo https://ukpuzzles.org/file_download.php?fileid=247&md5=c200e06d8822177932d906103919ceba)
    P("thermometer",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/thermo_9x9.rs check_9x9_thermo_medium_solve",
      ('{"givens": "....................2...4......5.................1......9...5....................", '
       '"constraints": [{"type": "thermometer", "cells": [[0, 6], [0, 5], [0, 4], [0, 3], [0, 2], [0, 1], '
       '[0, 0]]}, {"type": "thermometer", "cells": [[2, 0], [3, 0], [4, 0], [5, 0], [6, 0], [7, 0], [8, '
       '0]]}, {"type": "thermometer", "cells": [[2, 5], [2, 4], [2, 3]]}, {"type": "thermometer", '
       '"cells": [[3, 2], [4, 2], [5, 2]]}, {"type": "thermometer", "cells": [[5, 6], [4, 6], [3, 6]]}, '
       '{"type": "thermometer", "cells": [[6, 3], [6, 4], [6, 5]]}, {"type": "thermometer", "cells": [[6, '
       '8], [5, 8], [4, 8], [3, 8], [2, 8], [1, 8], [0, 8]]}, {"type": "thermometer", "cells": [[8, 2], [8, '
       '3], [8, 4], [8, 5], [8, 6], [8, 7], [8, 8]]}]}'),
      "986542137354781296172963485263857914417629853598314762639478521725196348841235679"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/thermo_9x9.rs check_9x9_thermo_hard_solve
    # (origin: https://github.com/lisudoku/lisudoku_solver/issues/68)
    P("thermometer",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/thermo_9x9.rs check_9x9_thermo_hard_solve",
      ('{"givens": ".................................................................................", '
       '"constraints": [{"type": "thermometer", "cells": [[0, 6], [1, 5], [1, 4], [2, 3], [3, 3]]}, '
       '{"type": "thermometer", "cells": [[1, 2], [0, 2], [0, 1], [0, 0], [1, 0], [2, 0]]}, '
       '{"type": "thermometer", "cells": [[1, 2], [0, 2], [0, 3], [0, 4], [0, 5]]}, {"type": "thermometer", '
       '"cells": [[4, 3], [4, 4], [3, 4], [3, 5], [2, 5], [2, 6], [1, 6], [1, 7]]}, {"type": "thermometer", '
       '"cells": [[5, 0], [5, 1], [4, 2], [3, 2], [2, 2], [1, 1]]}, {"type": "thermometer", "cells": [[6, '
       '5], [5, 6]]}, {"type": "thermometer", "cells": [[7, 7], [6, 7], [5, 7], [4, 7], [3, 7]]}, '
       '{"type": "thermometer", "cells": [[8, 1], [7, 2], [7, 3], [6, 3], [6, 4], [5, 4], [5, 5], [4, 5]]}, '
       '{"type": "thermometer", "cells": [[8, 5], [8, 6], [8, 7], [8, 8], [7, 8], [6, 8], [5, 8]]}]}'),
      "543679182681243795927815634265934871794128563138567249376451928852396417419782356"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/thermo_6x6.rs check_thermo_6x6_1_solve
    # (origin: WSC booklet 6x6 thermo https://uploads-ssl.webflow.com/62793457876c001d28edf162/6348945a45b06acb414391b7_WSC_2022_IB_v2.1.pdf)
    P("thermometer",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/thermo_6x6.rs check_thermo_6x6_1_solve",
      ('{"givens": "......4.....5................2....43", "constraints": [{"type": "thermometer", '
       '"cells": [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5]]}, {"type": "thermometer", "cells": [[1, '
       '4], [2, 4], [3, 4]]}, {"type": "thermometer", "cells": [[2, 2], [3, 2], [4, 2], [4, 3]]}, '
       '{"type": "thermometer", "cells": [[3, 0], [4, 0], [5, 0]]}, {"type": "thermometer", "cells": [[3, '
       '3], [2, 3], [1, 3], [1, 2]]}]}'),
      "123456456321561234234165345612612543"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Thermo"
    # (origin: https://www.youtube.com/watch?v=lgJYOuVk910, https://sudokupad.app/TtTmqGMBDR)
    P("thermometer",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Thermo\"",
      ('{"givens": ".4.....1.2.......6.............................................9.......2.1.....9.", '
       '"constraints": [{"type": "thermometer", "cells": [[8, 3], [7, 2], [6, 1], [5, 0], [4, 1], [3, 2]]}, '
       '{"type": "thermometer", "cells": [[3, 0], [2, 1], [1, 2], [0, 3], [1, 4], [2, 5]]}, '
       '{"type": "thermometer", "cells": [[0, 5], [1, 6], [2, 7], [3, 8], [4, 7], [5, 6]]}, '
       '{"type": "thermometer", "cells": [[5, 8], [6, 7], [7, 6], [8, 5], [7, 4], [6, 3]]}]}'),
      "847632519295471386631598247129743865486259173753816924368924751974185632512367498"),
    # kinnison/kaji sample-puzzles/frost.json
    # (origin: Frost by Kinnison)
    P("thermometer",
      "kinnison/kaji sample-puzzles/frost.json",
      ('{"size": 6, "grid": [[{}, {}, {}, {}, {}, {"value": 1, "given": true}], [{}, {}, {}, {}, {}, {}], '
       '[{}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, '
       '{}]], "thermometer": [{"lines": [["R6C3", "R6C4", "R6C5"]]}, {"lines": [["R6C3", "R6C2", "R5C2"]]}, '
       '{"lines": [["R6C3", "R5C4", "R4C5", "R3C5", "R2C6"]]}, {"lines": [["R6C3", "R5C3", "R4C3", '
       '"R3C3"]]}, {"lines": [["R6C3", "R5C3", "R4C2", "R3C2", "R2C1", "R1C1"]]}]}'),
      "624531513426246153135642462315351264"),
    # kinnison/kaji sample-puzzles/galactic-map.json
    # (origin: Galactic Map by Kinnison)
    P("thermometer",
      "kinnison/kaji sample-puzzles/galactic-map.json",
      ('{"size": 6, "grid": [[{}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {"value": 5, "given": true}], '
       '[{}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {"value": 4, "given": true}, {}], [{}, {}, {}, {}, {}, '
       '{}], [{}, {}, {}, {}, {"value": 5, "given": true}, {}]], "thermometer": [{"lines": [["R2C2", '
       '"R2C3", "R1C3", "R1C2"]]}, {"lines": [["R2C2", "R2C1", "R3C1", "R3C2"]]}, {"lines": [["R4C2", '
       '"R4C3", "R3C3"]]}, {"lines": [["R4C2", "R4C1", "R5C1"]]}, {"lines": [["R5C3", "R5C2", "R6C2"]]}, '
       '{"lines": [["R5C3", "R5C4", "R4C4"]]}, {"lines": [["R2C5", "R1C5", "R1C4"]]}, {"lines": [["R2C5", '
       '"R3C5", "R3C6"]]}]}'),
      "165432324615456123213546531264642351"),
    # kinnison/kaji sample-puzzles/swirl-of-steam.json
    # (origin: Swirl of Steam by Kinnison)
    P("thermometer",
      "kinnison/kaji sample-puzzles/swirl-of-steam.json",
      ('{"size": 6, "grid": [[{}, {}, {}, {}, {}, {}], [{"value": 2, "given": true}, {}, {}, {}, {}, '
       '{"value": 5, "given": true}], [{}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}], [{"value": 4, '
       '"given": true}, {}, {}, {}, {}, {"value": 3, "given": true}], [{}, {}, {}, {}, {}, {}]], '
       '"thermometer": [{"lines": [["R1C4", "R2C5", "R3C6"]]}, {"lines": [["R4C6", "R5C5", "R6C4"]]}, '
       '{"lines": [["R6C3", "R5C2", "R4C1"]]}, {"lines": [["R3C1", "R2C2", "R1C3"]]}, {"lines": [["R5C3", '
       '"R4C2", "R3C2", "R2C3"]]}, {"lines": [["R2C4", "R3C5", "R4C5", "R5C4"]]}]}'),
      "514362236145145236623451451623362514"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/kropki_9x9.rs check_kropki_9x9_2_solve
    # (origin: https://ukpuzzles.org/file_download.php?fileid=247&md5=c200e06d8822177932d906103919ceba)
    P("kropki",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/kropki_9x9.rs check_kropki_9x9_2_solve",
      ('{"givens": "...43..........................4...18..6.3..44...5..........................65...", '
       '"constraints": [{"type": "kropki", "cells": [[1, 0], [1, 1]]}, {"type": "kropki", "cells": [[1, 1], '
       '[1, 2]]}, {"type": "kropki", "cells": [[1, 5], [2, 5]]}, {"type": "kropki", "cells": [[2, 5], [3, '
       '5]]}, {"type": "kropki", "cells": [[0, 7], [1, 7]]}, {"type": "kropki", "cells": [[1, 7], [2, 7]]}, '
       '{"type": "kropki", "cells": [[3, 1], [3, 2]]}, {"type": "kropki", "cells": [[3, 2], [3, 3]]}, '
       '{"type": "kropki", "cells": [[5, 3], [6, 3]]}, {"type": "kropki", "cells": [[6, 3], [7, 3]]}, '
       '{"type": "kropki", "cells": [[5, 5], [5, 6]]}, {"type": "kropki", "cells": [[5, 6], [5, 7]]}, '
       '{"type": "kropki", "cells": [[6, 1], [7, 1]]}, {"type": "kropki", "cells": [[7, 1], [8, 1]]}, '
       '{"type": "kropki", "cells": [[7, 6], [7, 7]]}, {"type": "kropki", "cells": [[7, 7], [7, 8]]}]}'),
      "769432158123586947548917632956748321817623594432159876695271483281394765374865219"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/kropki_6x6.rs check_kropki_6x6_1_solve
    # (origin: https://uploads-ssl.webflow.com/62793457876c001d28edf162/6348945a45b06acb414391b7_WSC_2022_IB_v2.1.pdf)
    P("kropki",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/kropki_6x6.rs check_kropki_6x6_1_solve",
      ('{"givens": "....................................", "constraints": [{"type": "kropki", "cells": [[0, '
       '0], [0, 1]]}, {"type": "kropki", "cells": [[0, 1], [0, 2]]}, {"type": "kropki", "cells": [[0, 2], '
       '[0, 3]]}, {"type": "kropki", "cells": [[0, 3], [0, 4]]}, {"type": "kropki", "cells": [[0, 4], [0, '
       '5]]}, {"type": "kropki", "cells": [[0, 2], [1, 2]]}, {"type": "kropki", "cells": [[1, 4], [1, 5]]}, '
       '{"type": "kropki", "cells": [[1, 4], [2, 4]]}, {"type": "kropki", "cells": [[0, 3], [1, 3]], '
       '"color": "black"}, {"type": "kropki", "cells": [[0, 4], [1, 4]], "color": "black"}, '
       '{"type": "kropki", "cells": [[1, 0], [1, 1]], "color": "black"}, {"type": "kropki", "cells": [[1, '
       '0], [2, 0]], "color": "black"}, {"type": "kropki", "cells": [[1, 2], [1, 3]], "color": "black"}, '
       '{"type": "kropki", "cells": [[2, 1], [2, 2]]}, {"type": "kropki", "cells": [[2, 4], [2, 5]]}, '
       '{"type": "kropki", "cells": [[3, 1], [3, 2]]}, {"type": "kropki", "cells": [[3, 1], [4, 1]]}, '
       '{"type": "kropki", "cells": [[3, 3], [3, 4]]}, {"type": "kropki", "cells": [[3, 3], [4, 3]]}, '
       '{"type": "kropki", "cells": [[3, 4], [3, 5]]}, {"type": "kropki", "cells": [[2, 1], [3, 1]], '
       '"color": "black"}, {"type": "kropki", "cells": [[3, 2], [3, 3]], "color": "black"}, '
       '{"type": "kropki", "cells": [[4, 0], [4, 1]]}, {"type": "kropki", "cells": [[4, 2], [4, 3]]}, '
       '{"type": "kropki", "cells": [[4, 5], [5, 5]]}, {"type": "kropki", "cells": [[5, 0], [5, 1]]}, '
       '{"type": "kropki", "cells": [[4, 1], [5, 1]], "color": "black"}, {"type": "kropki", "cells": [[5, '
       '2], [5, 3]], "color": "black"}, {"type": "kropki", "cells": [[5, 4], [5, 5]], "color": "black"}]}'),
      "654321213645465132132456326514541263"),
    # sigh/Interactive-Sudoku-Solver data/collections.js "Kropki sudoku"
    # (origin: http://www.cross-plus-a.com/html/cros7dots.htm)
    P("kropki",
      "sigh/Interactive-Sudoku-Solver data/collections.js \"Kropki sudoku\"",
      ('{"givens": ".................................................................................", '
       '"constraints": [{"type": "kropki", "cells": [[0, 1], [0, 2]]}, {"type": "kropki", "cells": [[0, 3], '
       '[0, 4]]}, {"type": "kropki", "cells": [[1, 4], [2, 4]]}, {"type": "kropki", "cells": [[1, 0], [1, '
       '1]]}, {"type": "kropki", "cells": [[2, 1], [1, 1]]}, {"type": "kropki", "cells": [[3, 3], [3, 2]]}, '
       '{"type": "kropki", "cells": [[4, 2], [3, 2]]}, {"type": "kropki", "cells": [[3, 0], [3, 1]]}, '
       '{"type": "kropki", "cells": [[4, 0], [5, 0]]}, {"type": "kropki", "cells": [[4, 1], [5, 1]]}, '
       '{"type": "kropki", "cells": [[6, 1], [6, 2]]}, {"type": "kropki", "cells": [[7, 0], [7, 1]]}, '
       '{"type": "kropki", "cells": [[7, 2], [7, 3]]}, {"type": "kropki", "cells": [[6, 4], [6, 5]]}, '
       '{"type": "kropki", "cells": [[7, 5], [8, 5]]}, {"type": "kropki", "cells": [[8, 5], [8, 6]]}, '
       '{"type": "kropki", "cells": [[6, 7], [7, 7]]}, {"type": "kropki", "cells": [[5, 6], [5, 7]]}, '
       '{"type": "kropki", "cells": [[3, 6], [4, 6]]}, {"type": "kropki", "cells": [[3, 7], [4, 7]]}, '
       '{"type": "kropki", "cells": [[2, 8], [3, 8]]}, {"type": "kropki", "cells": [[1, 8], [2, 8]]}, '
       '{"type": "kropki", "cells": [[4, 8], [5, 8]]}, {"type": "kropki", "cells": [[0, 4], [0, 5]], '
       '"color": "black"}, {"type": "kropki", "cells": [[1, 1], [1, 2]], "color": "black"}, '
       '{"type": "kropki", "cells": [[3, 0], [4, 0]], "color": "black"}, {"type": "kropki", "cells": [[8, '
       '3], [8, 4]], "color": "black"}, {"type": "kropki", "cells": [[5, 5], [6, 5]], "color": "black"}, '
       '{"type": "kropki", "cells": [[4, 3], [4, 4]], "color": "black"}, {"type": "kropki", "cells": [[7, '
       '6], [8, 6]], "color": "black"}, {"type": "kropki", "cells": [[4, 7], [5, 7]], "color": "black"}, '
       '{"type": "kropki", "cells": [[3, 8], [4, 8]], "color": "black"}, {"type": "kropki", "cells": [[1, '
       '7], [2, 7]], "color": "black"}, {"type": "kropki", "cells": [[2, 6], [3, 6]], "color": "black"}]}'),
      "167324958542869731839175462674518293395247186281693547723956814458731629916482375"),
    # kinnison/kaji sample-puzzles/alien-abacus.json
    # (origin: Alien Abacus by Kinnison)
    P("kropki",
      "kinnison/kaji sample-puzzles/alien-abacus.json",
      ('{"size": 6, "grid": [[{}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}], '
       '[{}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}]], '
       '"difference": [{"cells": ["R5C2", "R6C2"]}, {"cells": ["R6C2", "R6C3"]}, {"cells": ["R4C4", '
       '"R4C5"]}, {"cells": ["R4C5", "R4C6"]}, {"cells": ["R2C5", "R2C4"]}], "ratio": [{"cells": ["R1C2", '
       '"R1C1"]}, {"cells": ["R2C2", "R2C3"]}, {"cells": ["R1C3", "R2C3"]}, {"cells": ["R2C4", "R2C3"]}, '
       '{"cells": ["R3C1", "R3C2"]}, {"cells": ["R5C3", "R5C4"]}, {"cells": ["R5C4", "R6C4"]}, '
       '{"cells": ["R5C4", "R5C5"]}, {"cells": ["R6C5", "R6C6"]}]}'),
      "364512512436123654456321631245245163"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/kropki_9x9.rs check_kropki_9x9_1_solve
    # (origin: https://gp.worldpuzzle.org/sites/default/files/Puzzles/2023/2023_SudokuRound1_IB.pdf)
    P("kropki-negative",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/kropki_9x9.rs check_kropki_9x9_1_solve",
      ('{"givens": ".................................................................................", '
       '"constraints": [{"type": "kropki", "cells": [[0, 2], [0, 3]]}, {"type": "kropki", "cells": [[1, 0], '
       '[2, 0]], "color": "black"}, {"type": "kropki", "cells": [[2, 1], [3, 1]], "color": "black"}, '
       '{"type": "kropki", "cells": [[0, 4], [1, 4]]}, {"type": "kropki", "cells": [[2, 3], [2, 4]]}, '
       '{"type": "kropki", "cells": [[0, 3], [0, 4]], "color": "black"}, {"type": "kropki", "cells": [[2, '
       '3], [3, 3]], "color": "black"}, {"type": "kropki", "cells": [[0, 7], [1, 7]]}, {"type": "kropki", '
       '"cells": [[1, 8], [2, 8]]}, {"type": "kropki", "cells": [[2, 6], [2, 7]]}, {"type": "kropki", '
       '"cells": [[2, 6], [3, 6]]}, {"type": "kropki", "cells": [[4, 1], [4, 2]]}, {"type": "kropki", '
       '"cells": [[4, 2], [4, 3]]}, {"type": "kropki", "cells": [[5, 0], [5, 1]]}, {"type": "kropki", '
       '"cells": [[3, 2], [3, 3]], "color": "black"}, {"type": "kropki", "cells": [[5, 0], [6, 0]], '
       '"color": "black"}, {"type": "kropki", "cells": [[4, 3], [5, 3]]}, {"type": "kropki", "cells": [[5, '
       '3], [5, 4]]}, {"type": "kropki", "cells": [[5, 5], [5, 6]]}, {"type": "kropki", "cells": [[5, 5], '
       '[6, 5]]}, {"type": "kropki", "cells": [[4, 3], [4, 4]], "color": "black"}, {"type": "kropki", '
       '"cells": [[5, 4], [5, 5]], "color": "black"}, {"type": "kropki", "cells": [[3, 7], [4, 7]]}, '
       '{"type": "kropki", "cells": [[5, 6], [6, 6]]}, {"type": "kropki", "cells": [[3, 8], [4, 8]], '
       '"color": "black"}, {"type": "kropki", "cells": [[4, 7], [4, 8]], "color": "black"}, '
       '{"type": "kropki", "cells": [[4, 7], [5, 7]], "color": "black"}, {"type": "kropki", "cells": [[6, '
       '0], [6, 1]]}, {"type": "kropki", "cells": [[7, 0], [7, 1]]}, {"type": "kropki", "cells": [[8, 1], '
       '[8, 2]]}, {"type": "kropki", "cells": [[6, 4], [6, 5]]}, {"type": "kropki", "cells": [[6, 5], [6, '
       '6]]}, {"type": "kropki", "cells": [[7, 3], [7, 4]]}, {"type": "kropki", "cells": [[7, 5], [8, 5]]}, '
       '{"type": "kropki", "cells": [[6, 4], [7, 4]], "color": "black"}, {"type": "kropki", "cells": [[6, '
       '5], [7, 5]], "color": "black"}, {"type": "kropki", "cells": [[7, 5], [7, 6]], "color": "black"}, '
       '{"type": "kropki", "cells": [[6, 6], [7, 6]]}, {"type": "kropki", "cells": [[6, 7], [7, 7]]}, '
       '{"type": "kropki", "cells": [[7, 6], [8, 6]]}, {"type": "kropki", "cells": [[8, 7], [8, 8]]}, '
       '{"type": "kropki", "cells": [[6, 6], [6, 7]], "color": "black"}, {"type": "kropki-negative"}]}'),
      "752368149496172853831459672164295738587631924329784516675923481218546397943817265"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/kropki_9x9.rs check_kropki_9x9_3_solve
    # (origin: 2023 Sudoku GP Round 1)
    P("kropki-negative",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/kropki_9x9.rs check_kropki_9x9_3_solve",
      ('{"givens": ".................................................................................", '
       '"constraints": [{"type": "kropki", "cells": [[1, 1], [2, 1]]}, {"type": "kropki", "cells": [[2, 0], '
       '[2, 1]], "color": "black"}, {"type": "kropki", "cells": [[2, 0], [3, 0]], "color": "black"}, '
       '{"type": "kropki", "cells": [[2, 3], [3, 3]]}, {"type": "kropki", "cells": [[2, 5], [3, 5]]}, '
       '{"type": "kropki", "cells": [[1, 4], [2, 4]], "color": "black"}, {"type": "kropki", "cells": [[0, '
       '7], [1, 7]]}, {"type": "kropki", "cells": [[1, 7], [1, 8]]}, {"type": "kropki", "cells": [[2, 7], '
       '[3, 7]]}, {"type": "kropki", "cells": [[0, 6], [0, 7]], "color": "black"}, {"type": "kropki", '
       '"cells": [[1, 6], [2, 6]], "color": "black"}, {"type": "kropki", "cells": [[1, 8], [2, 8]], '
       '"color": "black"}, {"type": "kropki", "cells": [[3, 0], [4, 0]]}, {"type": "kropki", "cells": [[4, '
       '1], [5, 1]]}, {"type": "kropki", "cells": [[5, 0], [5, 1]]}, {"type": "kropki", "cells": [[5, 1], '
       '[6, 1]]}, {"type": "kropki", "cells": [[5, 2], [5, 3]]}, {"type": "kropki", "cells": [[3, 2], [4, '
       '2]], "color": "black"}, {"type": "kropki", "cells": [[5, 2], [6, 2]], "color": "black"}, '
       '{"type": "kropki", "cells": [[4, 3], [5, 3]]}, {"type": "kropki", "cells": [[4, 5], [5, 5]]}, '
       '{"type": "kropki", "cells": [[5, 5], [5, 6]]}, {"type": "kropki", "cells": [[3, 4], [4, 4]], '
       '"color": "black"}, {"type": "kropki", "cells": [[5, 4], [6, 4]], "color": "black"}, '
       '{"type": "kropki", "cells": [[3, 7], [4, 7]]}, {"type": "kropki", "cells": [[5, 7], [5, 8]]}, '
       '{"type": "kropki", "cells": [[5, 8], [6, 8]]}, {"type": "kropki", "cells": [[3, 6], [4, 6]], '
       '"color": "black"}, {"type": "kropki", "cells": [[6, 1], [7, 1]]}, {"type": "kropki", "cells": [[7, '
       '2], [7, 3]]}, {"type": "kropki", "cells": [[8, 1], [8, 2]]}, {"type": "kropki", "cells": [[8, 2], '
       '[8, 3]]}, {"type": "kropki", "cells": [[6, 2], [6, 3]], "color": "black"}, {"type": "kropki", '
       '"cells": [[7, 2], [8, 2]], "color": "black"}, {"type": "kropki", "cells": [[6, 5], [6, 6]]}, '
       '{"type": "kropki", "cells": [[8, 3], [8, 4]]}, {"type": "kropki", "cells": [[6, 7], [7, 7]]}, '
       '{"type": "kropki", "cells": [[8, 6], [8, 7]]}, {"type": "kropki", "cells": [[7, 7], [7, 8]], '
       '"color": "black"}, {"type": "kropki", "cells": [[7, 8], [8, 8]], "color": "black"}, '
       '{"type": "kropki-negative"}]}'),
      "615372849837149256249586173491627385352814697768935412574268931186793524923451768"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/kropki_6x6.rs check_kropki_6x6_negative_condition_solve
    # (origin: not named there)
    P("kropki-negative",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/kropki_6x6.rs check_kropki_6x6_negative_condition_solve",
      ('{"givens": "6...................................", "constraints": [{"type": "kropki", "cells": [[0, '
       '1], [0, 2]]}, {"type": "kropki", "cells": [[0, 1], [1, 1]], "color": "black"}, {"type": "kropki", '
       '"cells": [[0, 4], [0, 5]]}, {"type": "kropki", "cells": [[1, 1], [1, 2]]}, {"type": "kropki", '
       '"cells": [[1, 3], [1, 4]], "color": "black"}, {"type": "kropki", "cells": [[1, 4], [2, 4]], '
       '"color": "black"}, {"type": "kropki", "cells": [[2, 0], [3, 0]]}, {"type": "kropki", "cells": [[2, '
       '1], [2, 2]]}, {"type": "kropki", "cells": [[2, 4], [2, 5]], "color": "black"}, {"type": "kropki", '
       '"cells": [[3, 1], [3, 2]], "color": "black"}, {"type": "kropki", "cells": [[3, 3], [3, 4]]}, '
       '{"type": "kropki", "cells": [[3, 4], [4, 4]]}, {"type": "kropki", "cells": [[4, 0], [5, 0]]}, '
       '{"type": "kropki", "cells": [[4, 1], [4, 2]]}, {"type": "kropki", "cells": [[4, 1], [5, 1]]}, '
       '{"type": "kropki", "cells": [[4, 4], [4, 5]]}, {"type": "kropki", "cells": [[5, 3], [5, 4]]}, '
       '{"type": "kropki-negative"}]}'),
      "623145145362412536536214354621261453"),
    # sigh/Interactive-Sudoku-Solver data/collections.js "XV-sudoku"
    # (origin: https://sudoku.today/g-xv-sudoku/18394f5536c.html)
    P("xv",
      "sigh/Interactive-Sudoku-Solver data/collections.js \"XV-sudoku\"",
      ('{"givens": ".3....8.5....8........452....6....38.........18....6....891........2....2.9....6.", '
       '"constraints": [{"type": "xv", "cells": [[1, 2], [1, 3]], "value": "V"}, {"type": "xv", '
       '"cells": [[2, 3], [2, 4]], "value": "V"}, {"type": "xv", "cells": [[2, 3], [3, 3]], "value": "V"}, '
       '{"type": "xv", "cells": [[5, 3], [5, 4]], "value": "V"}, {"type": "xv", "cells": [[6, 4], [6, 5]], '
       '"value": "V"}, {"type": "xv", "cells": [[7, 0], [8, 0]], "value": "V"}, {"type": "xv", '
       '"cells": [[4, 2], [4, 3]], "value": "X"}, {"type": "xv", "cells": [[8, 7], [8, 8]], "value": "X"}, '
       '{"type": "xv", "cells": [[5, 6], [5, 7]], "value": "X"}]}'),
      "431692875592387416867145293726451938943768521185239647678914352314526789259873164"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "XV Kropki Sudoku"
    # (origin: https://www.youtube.com/watch?v=TT-6BfDeCdc, https://sudokupad.app/LTR8GR7D84)
    P("xv",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"XV Kropki Sudoku\"",
      ('{"givens": ".................................................................................", '
       '"constraints": [{"type": "xv", "cells": [[1, 0], [1, 1]], "value": "X"}, {"type": "xv", '
       '"cells": [[2, 0], [2, 1]], "value": "X"}, {"type": "xv", "cells": [[0, 7], [0, 6]], "value": "X"}, '
       '{"type": "xv", "cells": [[1, 6], [1, 7]], "value": "X"}, {"type": "xv", "cells": [[6, 7], [7, 7]], '
       '"value": "X"}, {"type": "xv", "cells": [[6, 8], [7, 8]], "value": "X"}, {"type": "xv", '
       '"cells": [[7, 2], [8, 2]], "value": "X"}, {"type": "xv", "cells": [[7, 1], [8, 1]], "value": "X"}, '
       '{"type": "xv", "cells": [[4, 3], [4, 4]], "value": "X"}, {"type": "xv", "cells": [[7, 1], [7, 2]], '
       '"value": "V"}, {"type": "xv", "cells": [[7, 7], [7, 8]], "value": "V"}, {"type": "xv", '
       '"cells": [[1, 0], [2, 0]], "value": "V"}, {"type": "xv", "cells": [[0, 6], [1, 6]], "value": "V"}, '
       '{"type": "kropki", "cells": [[1, 4], [1, 5]], "color": "black"}, {"type": "kropki", "cells": [[3, '
       '5], [4, 5]], "color": "black"}, {"type": "kropki", "cells": [[4, 5], [5, 5]], "color": "black"}, '
       '{"type": "kropki", "cells": [[2, 0], [3, 0]], "color": "black"}, {"type": "kropki", "cells": [[2, '
       '2], [2, 1]]}, {"type": "kropki", "cells": [[3, 2], [4, 2]]}, {"type": "kropki", "cells": [[7, 3], '
       '[7, 4]]}, {"type": "kropki", "cells": [[7, 5], [7, 6]]}, {"type": "kropki", "cells": [[4, 1], [5, '
       '1]]}]}'),
      "195287463284536197376149825657912384918374256423658719532461978741895632869723541"),
    # kinnison/kaji sample-puzzles/finger-counting.json
    # (origin: Finger Counting by Kinnison)
    P("xv",
      "kinnison/kaji sample-puzzles/finger-counting.json",
      ('{"size": 6, "grid": [[{}, {}, {}, {}, {}, {}], [{}, {}, {"value": 2, "given": true}, {}, {}, {}], '
       '[{}, {}, {}, {}, {}, {}], [{}, {"value": 2, "given": true}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, '
       '{}], [{}, {}, {}, {}, {}, {}]], "xv": [{"cells": ["R1C6", "R2C6"], "value": "X"}, '
       '{"cells": ["R2C5", "R2C6"], "value": "V"}, {"cells": ["R3C2", "R2C2"], "value": "X"}, '
       '{"cells": ["R3C1", "R3C2"], "value": "V"}, {"cells": ["R4C3", "R4C4"], "value": "X"}, '
       '{"cells": ["R5C1", "R4C1"], "value": "V"}, {"cells": ["R5C1", "R5C2"], "value": "V"}, '
       '{"cells": ["R5C3", "R6C3"], "value": "V"}, {"cells": ["R5C5", "R6C5"], "value": "X"}]}'),
      "413526562314145632326451234165651243"),
    # KlimesovaLucie/SudokuGraphicCreator SudokuGraphicCreator/SudokuGraphicCreator.Tests/Rules/SolveXVTests.cs SolveKropki_OneSolution
    # (origin: not named there (its XV rule includes the negative))
    P("xv-negative",
      "KlimesovaLucie/SudokuGraphicCreator SudokuGraphicCreator/SudokuGraphicCreator.Tests/Rules/SolveXVTests.cs SolveKropki_OneSolution",
      ('{"givens": "3.................187..................26.......................523.............3", '
       '"constraints": [{"type": "xv", "cells": [[0, 2], [0, 3]], "value": "X"}, {"type": "xv", '
       '"cells": [[2, 7], [2, 8]], "value": "X"}, {"type": "xv", "cells": [[3, 5], [3, 6]], "value": "X"}, '
       '{"type": "xv", "cells": [[6, 0], [6, 1]], "value": "X"}, {"type": "xv", "cells": [[6, 6], [6, 7]], '
       '"value": "X"}, {"type": "xv", "cells": [[7, 4], [7, 5]], "value": "X"}, {"type": "xv", '
       '"cells": [[8, 0], [8, 1]], "value": "X"}, {"type": "xv", "cells": [[0, 2], [1, 2]], "value": "X"}, '
       '{"type": "xv", "cells": [[1, 1], [2, 1]], "value": "X"}, {"type": "xv", "cells": [[1, 6], [2, 6]], '
       '"value": "X"}, {"type": "xv", "cells": [[2, 5], [3, 5]], "value": "X"}, {"type": "xv", '
       '"cells": [[2, 8], [3, 8]], "value": "X"}, {"type": "xv", "cells": [[3, 0], [4, 0]], "value": "X"}, '
       '{"type": "xv", "cells": [[4, 3], [5, 3]], "value": "X"}, {"type": "xv", "cells": [[4, 7], [5, 7]], '
       '"value": "X"}, {"type": "xv", "cells": [[5, 1], [6, 1]], "value": "X"}, {"type": "xv", '
       '"cells": [[5, 6], [6, 6]], "value": "X"}, {"type": "xv", "cells": [[6, 8], [7, 8]], "value": "X"}, '
       '{"type": "xv", "cells": [[6, 2], [7, 2]], "value": "X"}, {"type": "xv", "cells": [[7, 3], [8, 3]], '
       '"value": "X"}, {"type": "xv", "cells": [[7, 6], [8, 6]], "value": "X"}, {"type": "xv", '
       '"cells": [[1, 5], [1, 6]], "value": "V"}, {"type": "xv", "cells": [[2, 4], [2, 5]], "value": "V"}, '
       '{"type": "xv", "cells": [[4, 2], [4, 3]], "value": "V"}, {"type": "xv", "cells": [[5, 6], [5, 7]], '
       '"value": "V"}, {"type": "xv", "cells": [[7, 2], [7, 3]], "value": "V"}, {"type": "xv", '
       '"cells": [[0, 7], [1, 7]], "value": "V"}, {"type": "xv", "cells": [[3, 1], [4, 1]], "value": "V"}, '
       '{"type": "xv", "cells": [[5, 7], [6, 7]], "value": "V"}, {"type": "xv-negative"}]}'),
      "394618725526974138187523964215497386843261597679835412738152649952346871461789253"),
    # sigh/Interactive-Sudoku-Solver data/collections.js "I Bet Someone Did This Already"
    # (origin: https://www.youtube.com/watch?v=kkHNFAFyAJ8, https://sudokupad.app/L82RmGGrD7)
    P("xv-negative",
      "sigh/Interactive-Sudoku-Solver data/collections.js \"I Bet Someone Did This Already\"",
      ('{"givens": "................................................................................9", '
       '"constraints": [{"type": "arrow", "circle": [[0, 0], [0, 1], [0, 2]], "cells": [[0, 3], [0, 4], [0, '
       '5], [0, 6], [0, 7], [0, 8], [1, 8], [1, 7], [1, 6], [1, 5], [1, 4], [1, 3], [1, 2], [1, 1], [1, 0], '
       '[2, 0], [2, 1], [2, 2], [2, 3], [2, 4], [2, 5], [2, 6], [2, 7], [2, 8], [3, 8], [3, 7], [3, 6], [3, '
       '5], [3, 4], [3, 3], [3, 2], [3, 1], [3, 0], [4, 0], [4, 1], [4, 2], [4, 3], [4, 4], [4, 5], [4, 6], '
       '[4, 7], [4, 8], [5, 8], [5, 7], [5, 6], [5, 5], [5, 4], [5, 3], [5, 2], [5, 1], [5, 0], [6, 0], [6, '
       '1], [6, 2], [6, 3], [6, 4], [6, 5], [6, 6], [6, 7], [6, 8], [7, 8], [7, 7], [7, 6], [7, 5], [7, 4], '
       '[7, 3], [7, 2], [7, 1], [7, 0], [8, 0], [8, 1], [8, 2], [8, 3], [8, 4], [8, 5], [8, 6], [8, 7], [8, '
       '8]]}, {"type": "xv", "cells": [[0, 3], [0, 4]], "value": "X"}, {"type": "xv", "cells": [[1, 4], [1, '
       '5]], "value": "X"}, {"type": "xv", "cells": [[1, 2], [2, 2]], "value": "X"}, {"type": "xv", '
       '"cells": [[3, 1], [4, 1]], "value": "X"}, {"type": "xv", "cells": [[6, 2], [7, 2]], "value": "X"}, '
       '{"type": "xv", "cells": [[7, 1], [7, 0]], "value": "X"}, {"type": "xv", "cells": [[6, 4], [7, 4]], '
       '"value": "X"}, {"type": "xv", "cells": [[6, 6], [6, 7]], "value": "X"}, {"type": "xv", '
       '"cells": [[6, 8], [5, 8]], "value": "X"}, {"type": "xv", "cells": [[4, 5], [4, 4]], "value": "X"}, '
       '{"type": "xv", "cells": [[3, 3], [3, 4]], "value": "X"}, {"type": "xv", "cells": [[0, 8], [1, 8]], '
       '"value": "V"}, {"type": "xv", "cells": [[2, 7], [2, 6]], "value": "V"}, {"type": "xv", '
       '"cells": [[3, 6], [3, 7]], "value": "V"}, {"type": "xv", "cells": [[5, 0], [5, 1]], "value": "V"}, '
       '{"type": "xv-negative"}]}'),
      "387194562451628793269357148978465231635219487142783956796531824824976315513842679"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Little Killer Sudoku"
    # (origin: https://www.youtube.com/watch?v=y4eKdI3ZJ78, https://sudokupad.app/nQHjr7Ggpg)
    P("little-killer",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Little Killer Sudoku\"",
      ('{"givens": "...................5....2..............37........................................", '
       '"constraints": [{"type": "little-killer", "clue": [-1, -1], "direction": "DR", "sum": 22}, '
       '{"type": "little-killer", "clue": [0, -1], "direction": "DR", "sum": 28}, {"type": "little-killer", '
       '"clue": [1, -1], "direction": "DR", "sum": 26}, {"type": "little-killer", "clue": [-1, 5], '
       '"direction": "DL", "sum": 23}, {"type": "little-killer", "clue": [-1, 7], "direction": "DL", '
       '"sum": 34}, {"type": "little-killer", "clue": [-1, 8], "direction": "DL", "sum": 40}, '
       '{"type": "little-killer", "clue": [-1, 9], "direction": "DL", "sum": 42}]}'),
      "198235764427968531653714289732186945541379826986542173865421397279653418314897652"),
    # sigh/Interactive-Sudoku-Solver data/collections.js "Little killer 2"
    # (origin: https://www.youtube.com/watch?v=Kn-EI9ItMoU, https://git.io/JUmXc)
    P("little-killer",
      "sigh/Interactive-Sudoku-Solver data/collections.js \"Little killer 2\"",
      ('{"givens": "4.......6.......7.............1.........2.........3.............4.......3.......2", '
       '"constraints": [{"type": "little-killer", "clue": [9, 6], "direction": "UR", "sum": 12}, '
       '{"type": "little-killer", "clue": [9, 5], "direction": "UR", "sum": 21}, {"type": "little-killer", '
       '"clue": [9, 4], "direction": "UR", "sum": 16}, {"type": "little-killer", "clue": [9, 3], '
       '"direction": "UR", "sum": 38}, {"type": "little-killer", "clue": [2, 9], "direction": "UL", '
       '"sum": 3}, {"type": "little-killer", "clue": [3, 9], "direction": "UL", "sum": 20}, '
       '{"type": "little-killer", "clue": [5, 9], "direction": "UL", "sum": 38}, {"type": "little-killer", '
       '"clue": [-1, 2], "direction": "DL", "sum": 14}, {"type": "little-killer", "clue": [-1, 3], '
       '"direction": "DL", "sum": 6}, {"type": "little-killer", "clue": [-1, 4], "direction": "DL", '
       '"sum": 19}, {"type": "little-killer", "clue": [-1, 5], "direction": "DL", "sum": 38}, '
       '{"type": "little-killer", "clue": [6, -1], "direction": "DR", "sum": 6}, {"type": "little-killer", '
       '"clue": [5, -1], "direction": "DR", "sum": 17}, {"type": "little-killer", "clue": [3, -1], '
       '"direction": "DR", "sum": 38}]}'),
      "483571926625948371179362854257189463834627519961453287798214635542736198316895742"),
    # sigh/Interactive-Sudoku-Solver data/collections.js "Hailstone - little killer [easier]"
    # (origin: https://logic-masters.de/Raetselportal/Raetsel/zeigen.php?id=0008H3)
    P("little-killer",
      "sigh/Interactive-Sudoku-Solver data/collections.js \"Hailstone - little killer [easier]\"",
      ('{"givens": "....3...............................1.......2...............................4....", '
       '"constraints": [{"type": "killer", "cells": [[4, 2], [4, 3], [5, 3]], "sum": 14}, '
       '{"type": "killer", "cells": [[5, 5], [5, 4], [6, 4]], "sum": 19}, {"type": "killer", "cells": [[3, '
       '3], [3, 4], [2, 4]], "sum": 14}, {"type": "killer", "cells": [[3, 5], [4, 5], [4, 6]], "sum": 14}, '
       '{"type": "little-killer", "clue": [1, -1], "direction": "DR", "sum": 47}, {"type": "little-killer", '
       '"clue": [0, -1], "direction": "DR", "sum": 49}, {"type": "little-killer", "clue": [8, 9], '
       '"direction": "UL", "sum": 30}, {"type": "little-killer", "clue": [7, 9], "direction": "UL", '
       '"sum": 45}, {"type": "little-killer", "clue": [-1, 7], "direction": "DL", "sum": 43}, '
       '{"type": "little-killer", "clue": [-1, 8], "direction": "DL", "sum": 44}, {"type": "little-killer", '
       '"clue": [9, 0], "direction": "UR", "sum": 34}, {"type": "little-killer", "clue": [9, 1], '
       '"direction": "UR", "sum": 52}, {"type": "diagonal"}]}'),
      "815432976763918245942567318278351694154896732396274581437685129681729453529143867"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "The Barbed Cross"
    # (origin: https://logic-masters.de/Raetselportal/Raetsel/zeigen.php?chlang=en&id=0006TM)
    P("little-killer",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"The Barbed Cross\"",
      ('{"givens": ".................................................................................", '
       '"constraints": [{"type": "disjoint"}, {"type": "little-killer", "clue": [-1, 9], "direction": "DL", '
       '"sum": 62}, {"type": "little-killer", "clue": [-1, -1], "direction": "DR", "sum": 33}, '
       '{"type": "little-killer", "clue": [-1, 3], "direction": "DL", "sum": 12}, {"type": "little-killer", '
       '"clue": [3, 9], "direction": "UL", "sum": 14}, {"type": "little-killer", "clue": [9, 5], '
       '"direction": "UR", "sum": 21}, {"type": "little-killer", "clue": [9, 3], "direction": "UR", '
       '"sum": 36}, {"type": "little-killer", "clue": [5, -1], "direction": "DR", "sum": 8}, '
       '{"type": "little-killer", "clue": [-1, 2], "direction": "DL", "sum": 9}]}'),
      "325784169719625483684319725843297651592861347167543298478932516236158974951476832"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/odd_even_9x9.rs check_odd_even_9x9_1_solve
    # (origin: https://github.com/lisudoku/lisudoku_solver/issues/32)
    P("odd+even",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/odd_even_9x9.rs check_odd_even_9x9_1_solve",
      ('{"givens": "............83......2...6.1...1...4..5..7..3..4...9...1.6...2......58............", '
       '"constraints": [{"type": "even", "cells": [[0, 1], [0, 7], [1, 0], [1, 8], [2, 5], [5, 2], [7, 0], '
       '[7, 8], [8, 1], [8, 7]]}, {"type": "odd", "cells": [[3, 6], [6, 3]]}]}'),
      "965217483417836592832594671329185746651472839748369125196743258273658914584921367"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/odd_even_9x9.rs check_odd_even_9x9_2_solve
    # (origin: https://gp.worldpuzzle.org/sites/default/files/Puzzles/2023/2023_SudokuRound1.pdf)
    P("odd+even",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/odd_even_9x9.rs check_odd_even_9x9_2_solve",
      ('{"givens": "5..........3.......1.8.......2.9.......3.1.......4.2.......2.3.......7..........4", '
       '"constraints": [{"type": "even", "cells": [[0, 5], [1, 6], [2, 7], [3, 8], [3, 0], [4, 1], [5, 2], '
       '[6, 3], [7, 4], [8, 5], [7, 0], [8, 1]]}, {"type": "odd", "cells": [[0, 3], [1, 4], [2, 5], [3, 6], '
       '[4, 7], [5, 8], [0, 7], [1, 8], [5, 0], [6, 1], [7, 2], [8, 3]]}]}'),
      "598764312763215849214839567432697158985321476176548293859472631641983725327156984"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/odd_even_6x6.rs check_odd_even_6x6_1_solve
    # (origin: https://logicmastersindia.com/live/?contest=SM202301)
    P("odd+even",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/odd_even_6x6.rs check_odd_even_6x6_1_solve",
      ('{"givens": "1....3......3....52....4......4....2", "constraints": [{"type": "even", "cells": [[0, '
       '1], [0, 3], [1, 2], [2, 1], [2, 3]]}, {"type": "odd", "cells": [[3, 2], [3, 4], [4, 3], [5, 2], [5, '
       '4]]}]}'),
      "125463634521346215251634512346463152"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Odd & even"
    # (origin: https://www.youtube.com/watch?v=Q7hhVgE8zGM, https://sudokupad.app/8bNmDd4J9G)
    P("odd+even",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Odd & even\"",
      ('{"givens": ".....7216.....4975.............................................2745.....9582.....", '
       '"constraints": [{"type": "odd", "cells": [[1, 2], [2, 1], [3, 3], [3, 1], [4, 3], [4, 1], [2, 3], '
       '[5, 2]]}, {"type": "even", "cells": [[3, 6], [3, 7], [4, 5], [5, 5], [5, 6], [5, 7], [6, 5], [7, '
       '6], [7, 7]]}]}'),
      "549837216823614975716925348635149827492786153187352469361478592274593681958261734"),
    # kinnison/kaji sample-puzzles/strange-level.json
    # (origin: Strange Level by Kinnison)
    P("odd+even",
      "kinnison/kaji sample-puzzles/strange-level.json",
      ('{"size": 6, "grid": [[{}, {}, {}, {"value": 2, "given": true}, {}, {}], [{}, {"value": 5, '
       '"given": true}, {}, {}, {}, {}], [{}, {}, {"value": 3, "given": true}, {}, {}, {"value": 2, '
       '"given": true}], [{}, {}, {}, {}, {}, {"value": 4, "given": true}], [{"value": 1, "given": true}, '
       '{}, {}, {}, {}, {}], [{}, {}, {}, {}, {"value": 6, "given": true}, {}]], "odd": [{"cell": "R2C3"}, '
       '{"cell": "R5C4"}], "even": [{"cell": "R3C4"}, {"cell": "R4C3"}]}'),
      "634215251346413652562134146523325461"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "German Whispers"
    # (origin: https://www.youtube.com/watch?v=nH3vat8z9uM, https://sudokupad.app/QM8RdBLBb9)
    P("whispers",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"German Whispers\"",
      ('{"givens": "....1.....5.........................6.......9...........3.............3.5...3....", '
       '"constraints": [{"type": "whispers", "cells": [[7, 0], [6, 0], [6, 1], [7, 2], [8, 2], [8, 1]]}, '
       '{"type": "whispers", "cells": [[8, 5], [7, 6], [6, 6], [6, 7], [5, 8], [4, 7]]}, '
       '{"type": "whispers", "cells": [[5, 2], [4, 1], [3, 2], [2, 3], [1, 4], [0, 5], [0, 6], [1, 7], [2, '
       '7], [3, 6], [4, 5], [5, 5], [6, 5], [7, 4], [6, 3]]}, {"type": "whispers", "cells": [[3, 4], [3, '
       '5], [2, 6]]}]}'),
      "796413852352689417184275693247591386615348279839762541923857164478126935561934728"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Elementary"
    # (origin: https://www.youtube.com/watch?v=5xu7OpQogfo, https://sudokupad.app/jbJ8PNDgR7)
    P("whispers",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Elementary\"",
      ('{"givens": "..6...........................3...4...................4.........................2", '
       '"constraints": [{"type": "kropki", "cells": [[7, 8], [8, 8]]}, {"type": "kropki", "cells": [[6, 8], '
       '[6, 7]]}, {"type": "kropki", "cells": [[7, 3], [7, 4]]}, {"type": "kropki", "cells": [[4, 1], [4, '
       '0]]}, {"type": "kropki", "cells": [[4, 1], [5, 1]]}, {"type": "kropki", "cells": [[5, 5], [5, 4]]}, '
       '{"type": "kropki", "cells": [[4, 7], [4, 6]]}, {"type": "kropki", "cells": [[1, 3], [1, 4]]}, '
       '{"type": "kropki", "cells": [[1, 1], [1, 0]]}, {"type": "whispers", "cells": [[0, 1], [1, 1], [2, '
       '1]], "value": 6}, {"type": "whispers", "cells": [[1, 0], [2, 1], [3, 2]], "value": 6}, '
       '{"type": "whispers", "cells": [[1, 2], [2, 1], [3, 0]], "value": 6}, {"type": "whispers", '
       '"cells": [[6, 1], [7, 1], [8, 1]], "value": 4}, {"type": "whispers", "cells": [[7, 0], [7, 1], [7, '
       '2]], "value": 4}, {"type": "whispers", "cells": [[8, 0], [8, 1], [8, 2]], "value": 4}, '
       '{"type": "whispers", "cells": [[8, 6], [8, 7], [7, 7], [6, 7], [5, 7]], "value": 2}, '
       '{"type": "whispers", "cells": [[6, 6], [6, 7], [7, 8]], "value": 2}, {"type": "whispers", '
       '"cells": [[7, 6], [6, 7], [5, 8]], "value": 2}, {"type": "whispers", "cells": [[3, 6], [2, 7], [3, '
       '8]], "value": 4}, {"type": "whispers", "cells": [[2, 7], [1, 7], [0, 7]], "value": 4}, '
       '{"type": "whispers", "cells": [[0, 6], [0, 7], [0, 8]], "value": 4}, {"type": "whispers", '
       '"cells": [[1, 6], [1, 7], [1, 8]], "value": 4}, {"type": "whispers", "cells": [[3, 4], [4, 4], [5, '
       '4], [6, 4]], "value": 3}, {"type": "whispers", "cells": [[4, 3], [4, 4], [4, 5]], "value": 3}, '
       '{"type": "whispers", "cells": [[5, 3], [4, 4], [5, 5]], "value": 3}]}'),
      "536971284897234516214856793768392145342518679951467328485123967629785431173649852"),
    # kinnison/kaji sample-puzzles/german-whisper-test-1.json
    # (origin: GW Test 1 by Kinnison)
    P("whispers",
      "kinnison/kaji sample-puzzles/german-whisper-test-1.json",
      ('{"size": 6, "grid": [[{}, {}, {}, {}, {}, {}], [{"value": 3, "given": true}, {}, {}, {}, {}, {}], '
       '[{"value": 1, "given": true}, {}, {}, {}, {"value": 2, "given": true}, {}], [{}, {}, {}, {}, {}, '
       '{}], [{}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}]], "whispers": [{"lines": [["R1C1", "R1C2", '
       '"R1C3", "R2C3", "R2C2"]], "value": "3"}, {"lines": [["R1C6", "R1C5", "R1C4", "R2C4", "R2C5"]], '
       '"value": "3"}, {"lines": [["R4C2", "R5C2", "R6C1"]], "value": "3"}, {"lines": [["R4C6", "R4C5", '
       '"R5C4", "R6C3"]], "value": "3"}]}'),
      "415263362514136425254136523641641352"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/palindrome_9x9.rs check_palindrome_9x9_1_solve
    # (origin: https://github.com/lisudoku/lisudoku_solver/issues/65#issue-1926328789 WSC IB)
    P("palindrome",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/palindrome_9x9.rs check_palindrome_9x9_1_solve",
      ('{"givens": "821...953...231........................1.6............5.......46.......913.....85", '
       '"constraints": [{"type": "palindrome", "cells": [[3, 3], [2, 2], [1, 1], [2, 0], [3, 0], [4, 0], '
       '[5, 1], [6, 2], [7, 3], [8, 4], [7, 5], [6, 6], [5, 7]]}, {"type": "palindrome", "cells": [[4, 8], '
       '[3, 8], [2, 8], [1, 7], [2, 6], [3, 5], [3, 4], [4, 4], [5, 4]]}]}'),
      "821467953957231846463859172318924567295176438746583291572698314684315729139742685"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/palindrome_9x9.rs check_palindrome_9x9_2_solve
    # (origin: https://github.com/lisudoku/lisudoku_solver/issues/65#issuecomment-1928514241)
    P("palindrome",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/palindrome_9x9.rs check_palindrome_9x9_2_solve",
      ('{"givens": "...4.8.....3...2...2.....4.1.......3.........7.......1.6.....5...5...6.....3.5...", '
       '"constraints": [{"type": "palindrome", "cells": [[4, 5], [3, 4], [4, 3], [5, 4], [6, 5], [5, 6], '
       '[4, 7], [3, 6], [2, 5], [1, 4], [2, 3], [3, 2], [4, 1], [5, 2], [6, 3], [7, 4]]}]}'),
      "519428736483176295627539148152784963398651472746293581961842357835917624274365819"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/palindrome_9x9.rs check_palindrome_9x9_3_solve
    # (origin: https://github.com/lisudoku/lisudoku_solver/issues/65#issuecomment-2016619325)
    P("palindrome",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/palindrome_9x9.rs check_palindrome_9x9_3_solve",
      ('{"givens": "......3.5.....4.....8.1...4.9.8.................1.3.2.6.......2...7.......7...9..", '
       '"constraints": [{"type": "palindrome", "cells": [[4, 6], [3, 5], [3, 4], [4, 3], [5, 4], [6, 5], '
       '[6, 6], [6, 7], [5, 8], [4, 8], [3, 8], [2, 7], [1, 6], [0, 5], [0, 4], [0, 3], [0, 2], [1, 1], [2, '
       '0], [3, 0], [4, 0], [5, 0], [6, 1], [7, 2], [8, 3], [8, 4], [8, 5]]}]}'),
      "471682395562934817938517264795826431123479586846153729659348172284791653317265948"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/palindrome_9x9.rs check_palindrome_9x9_4_solve
    # (origin: https://github.com/lisudoku/lisudoku_solver/issues/65#issuecomment-2021598373)
    P("palindrome",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/palindrome_9x9.rs check_palindrome_9x9_4_solve",
      ('{"givens": "..........4.7.1.9...1...7...1.2.4.6...........6.5.8.3...4...8...9.4.2.5..........", '
       '"constraints": [{"type": "palindrome", "cells": [[5, 4], [6, 5], [7, 6], [6, 7], [5, 6], [4, 5], '
       '[3, 6], [2, 7], [1, 6], [2, 5], [3, 4], [2, 3], [1, 2], [2, 1], [3, 2], [4, 3], [5, 2], [6, 1], [7, '
       '2], [6, 3]]}]}'),
      "679845213348721695251693784917234568583967142462518937734156829896472351125389476"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/palindrome_9x9.rs check_palindrome_9x9_5_solve
    # (origin: https://github.com/lisudoku/lisudoku_solver/issues/65#issuecomment-2171772917)
    P("palindrome",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/palindrome_9x9.rs check_palindrome_9x9_5_solve",
      ('{"givens": "3.......................456......798....2....468......573.......................1", '
       '"constraints": [{"type": "palindrome", "cells": [[1, 3], [0, 2], [0, 1], [1, 0], [2, 0], [3, 0], '
       '[4, 1], [4, 2], [3, 3], [2, 3], [2, 2]]}, {"type": "palindrome", "cells": [[6, 6], [6, 7], [5, 8], '
       '[4, 7], [4, 6], [5, 5], [6, 5], [7, 5], [8, 5]]}]}'),
      "341586927756249183982137456235461798197825634468793512573612849819374265624958371"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/palindrome_9x9.rs check_palindrome_9x9_6_solve
    # (origin: https://github.com/lisudoku/lisudoku_solver/issues/65#issuecomment-2171781242)
    P("palindrome",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/palindrome_9x9.rs check_palindrome_9x9_6_solve",
      ('{"givens": ".2.......1...........3..4.9....576.4.........3.786....7.9..1...........6.......7.", '
       '"constraints": [{"type": "palindrome", "cells": [[1, 3], [1, 4], [1, 5], [1, 6], [1, 7], [2, 7], '
       '[3, 7], [4, 7], [5, 7], [6, 7], [7, 7], [8, 6], [8, 5], [8, 4], [8, 3], [8, 2], [8, 1], [7, 1], [6, '
       '1], [5, 1], [4, 1], [3, 1], [2, 1]]}]}'),
      "928415763143796582576382419892157634461923857357864921789631245214578396635249178"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Sudoku Variants Series (013) - Palindrome Sudoku"
    # (origin: https://logic-masters.de/Raetselportal/Raetsel/zeigen.php?chlang=en&id=0001WP, https://sudokupad.app/0eqtn1ibko)
    P("palindrome",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Sudoku Variants Series (013) - Palindrome Sudoku\"",
      ('{"givens": "6.......5..8.5.9...........8...1...3....4........2.............9.7...8.2.5.....6.", '
       '"constraints": [{"type": "palindrome", "cells": [[6, 0], [5, 1], [4, 0], [3, 1], [2, 2], [1, 3], '
       '[0, 4], [1, 5], [0, 6]]}, {"type": "palindrome", "cells": [[8, 2], [7, 3], [8, 4], [7, 5], [6, 6], '
       '[5, 7], [4, 8], [3, 7], [2, 8]]}, {"type": "palindrome", "cells": [[6, 3], [6, 4], [6, 5], [5, 6], '
       '[4, 6], [3, 6]]}, {"type": "palindrome", "cells": [[2, 5], [2, 4], [2, 3], [3, 2], [4, 2], [5, '
       '2]]}]}'),
      "694178235128453976375296481842619753719345628536827149283761594967534812451982367"),
    # kinnison/kaji sample-puzzles/back-and-forth.json
    # (origin: Back and Forth by Kinnison)
    P("palindrome",
      "kinnison/kaji sample-puzzles/back-and-forth.json",
      ('{"size": 6, "grid": [[{"value": 1, "given": true}, {}, {}, {}, {}, {"value": 2, "given": true}], '
       '[{}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}], [{"value": 5, "given": true}, {}, {}, {}, {}, '
       '{}], [{}, {}, {}, {"value": 4, "given": true}, {"value": 1, "given": true}, {}], [{}, {}, '
       '{"value": 3, "given": true}, {}, {}, {}]], "palindrome": [{"lines": [["R1C5", "R1C4", "R2C3", '
       '"R2C2"]]}, {"lines": [["R3C2", "R4C2", "R5C1", "R6C1"]]}, {"lines": [["R3C5", "R4C5", "R5C6", '
       '"R6C6"]]}, {"lines": [["R6C5", "R6C4", "R5C3", "R5C2"]]}, {"lines": [["R1C6", "R2C5", "R3C4"]]}]}'),
      "134652256341341265562134625413413526"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/renban_9x9.rs check_renban_9x9_1_solve
    # (origin: https://logicmastersindia.com/live/?contest=SM202403)
    P("renban",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/renban_9x9.rs check_renban_9x9_1_solve",
      ('{"givens": "5...36......2......6.......73...1.2.8.......1...4...97.......7......8......32....", '
       '"constraints": [{"type": "renban", "cells": [[1, 0], [0, 0], [0, 1], [0, 2], [1, 2]]}, '
       '{"type": "renban", "cells": [[1, 1], [2, 0]]}, {"type": "renban", "cells": [[1, 5], [0, 6], [0, 7], '
       '[1, 8]]}, {"type": "renban", "cells": [[1, 6], [2, 6], [2, 7], [2, 8], [1, 7]]}, {"type": "renban", '
       '"cells": [[2, 4], [2, 3], [2, 2], [3, 2], [4, 2]]}, {"type": "renban", "cells": [[2, 5], [3, 6], '
       '[4, 6], [3, 7], [4, 7]]}, {"type": "renban", "cells": [[4, 3], [3, 3], [3, 4], [4, 4], [5, 4]]}, '
       '{"type": "renban", "cells": [[4, 5], [5, 5], [6, 5], [6, 4], [7, 4]]}, {"type": "renban", '
       '"cells": [[5, 2], [5, 1], [5, 0], [6, 0], [7, 0]]}, {"type": "renban", "cells": [[7, 1], [8, 0], '
       '[8, 1], [8, 2], [7, 2]]}, {"type": "renban", "cells": [[7, 6], [8, 5]]}, {"type": "renban", '
       '"cells": [[7, 7], [7, 8], [8, 8], [8, 7], [8, 6]]}]}'),
      "524136789183279456967584213736891524849752361251463897312645978475918632698327145"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/renban_9x9.rs check_renban_9x9_2_solve
    # (origin: https://logicmastersindia.com/live/main?contest=SM202403 IB puzzle 16)
    P("renban",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/renban_9x9.rs check_renban_9x9_2_solve",
      ('{"givens": "..........123..45..456..32..789...................123..23..456..54..789..........", '
       '"constraints": [{"type": "renban", "cells": [[0, 7], [0, 8], [1, 8], [2, 8]]}, {"type": "renban", '
       '"cells": [[1, 4], [2, 5]]}, {"type": "renban", "cells": [[4, 3], [5, 3], [5, 4], [4, 4]]}, '
       '{"type": "renban", "cells": [[6, 0], [7, 0], [8, 1], [8, 2]]}]}'),
      "367425189812379456945618327278943615431562978596781234723894561654137892189256743"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/renban_9x9.rs check_renban_9x9_3_solve
    # (origin: https://gp.worldpuzzle.org/sites/default/files/Puzzles/2024/2024_SudokuRound4.pdf)
    P("renban",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/renban_9x9.rs check_renban_9x9_3_solve",
      ('{"givens": ".4...8..................7..........6.........5..........2..................1...3.", '
       '"constraints": [{"type": "renban", "cells": [[0, 7], [0, 8], [1, 8]]}, {"type": "renban", '
       '"cells": [[1, 0], [1, 1]]}, {"type": "renban", "cells": [[1, 2], [1, 3], [2, 3]]}, '
       '{"type": "renban", "cells": [[1, 5], [1, 6], [1, 7]]}, {"type": "renban", "cells": [[2, 0], [3, 0], '
       '[3, 1], [4, 1]]}, {"type": "renban", "cells": [[3, 3], [3, 4], [3, 5], [3, 6]]}, {"type": "renban", '
       '"cells": [[4, 7], [5, 7], [5, 8], [6, 8]]}, {"type": "renban", "cells": [[5, 2], [5, 3], [5, 4], '
       '[5, 5]]}, {"type": "renban", "cells": [[6, 5], [7, 5], [7, 6]]}, {"type": "renban", "cells": [[7, '
       '0], [8, 0], [8, 1]]}, {"type": "renban", "cells": [[7, 1], [7, 2], [7, 3]]}, {"type": "renban", '
       '"cells": [[7, 7], [7, 8]]}]}'),
      "147928365236517894859436712971342586364851927528679143492783651613295478785164239"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/renban_6x6.rs check_renban_6x6_1_solve
    # (origin: https://logicmastersindia.com/live/?contest=SM202403)
    P("renban",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/renban_6x6.rs check_renban_6x6_1_solve",
      ('{"givens": ".....1....6...........2.......4.....", "constraints": [{"type": "renban", "cells": [[0, '
       '0], [1, 1], [2, 1]]}, {"type": "renban", "cells": [[0, 1], [1, 2]]}, {"type": "renban", '
       '"cells": [[0, 4], [1, 3]]}, {"type": "renban", "cells": [[2, 0], [3, 0]]}, {"type": "renban", '
       '"cells": [[3, 3], [2, 2], [3, 2], [4, 3], [5, 4], [5, 3]]}, {"type": "renban", "cells": [[3, 5], '
       '[2, 5], [2, 4], [2, 3], [3, 4]]}, {"type": "renban", "cells": [[4, 0], [3, 1], [4, 2], [5, 1]]}, '
       '{"type": "renban", "cells": [[4, 4], [5, 5], [4, 5]]}]}'),
      "356241124365612534543126265413431652"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/renban_6x6.rs check_renban_6x6_2_solve
    # (origin: https://logicmastersindia.com/live/main?contest=SM202403 IB puzzle 15)
    P("renban",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/renban_6x6.rs check_renban_6x6_2_solve",
      ('{"givens": ".1..2.5..1.4....5..5....3.5..1.4..3.", "constraints": [{"type": "renban", "cells": [[0, '
       '2], [1, 1], [2, 0]]}, {"type": "renban", "cells": [[0, 5], [1, 4], [2, 3], [3, 2], [4, 1], [5, '
       '0]]}, {"type": "renban", "cells": [[3, 5], [4, 4], [5, 3]]}]}'),
      "614325532164261453453216325641146532"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "'Leven"
    # (origin: https://www.youtube.com/watch?v=XouRUgRsVSA, https://sudokupad.app/jtgN8Hd7f6)
    P("renban",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"'Leven\"",
      ('{"givens": "........................1........................................................", '
       '"constraints": [{"type": "renban", "cells": [[3, 7], [3, 8], [4, 8], [5, 8]]}, {"type": "renban", '
       '"cells": [[6, 8], [7, 8], [8, 8], [8, 7]]}, {"type": "renban", "cells": [[5, 6], [6, 6], [7, 6], '
       '[7, 5]]}, {"type": "renban", "cells": [[1, 5], [0, 5], [0, 4], [0, 3]]}, {"type": "renban", '
       '"cells": [[1, 0], [0, 0], [0, 1], [0, 2]]}, {"type": "renban", "cells": [[1, 2], [1, 3], [2, 3], '
       '[3, 3]]}, {"type": "renban", "cells": [[4, 4], [4, 5], [5, 5], [6, 5]]}, {"type": "renban", '
       '"cells": [[4, 3], [4, 2], [5, 2], [6, 2]]}, {"type": "renban", "cells": [[2, 0], [3, 0], [4, 0], '
       '[4, 1]]}, {"type": "renban", "cells": [[6, 0], [7, 0], [8, 0], [8, 1]]}, {"type": "renban", '
       '"cells": [[6, 3], [7, 3], [8, 3], [8, 2]]}, {"type": "kropki", "cells": [[1, 8], [2, 8]], '
       '"color": "black"}, {"type": "kropki", "cells": [[0, 6], [0, 7]], "color": "black"}, '
       '{"type": "kropki", "cells": [[2, 5], [2, 4]], "color": "black"}, {"type": "kropki", "cells": [[3, '
       '6], [4, 6]], "color": "black"}]}'),
      "132769845496518723758342196815473269963285417274196358521937684389624571647851932"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Sudoku Variants Series (173) - Between Lines Sudoku"
    # (origin: https://logic-masters.de/Raetselportal/Raetsel/zeigen.php?chlang=en&id=0002KO)
    P("between",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Sudoku Variants Series (173) - Between Lines Sudoku\"",
      ('{"givens": ".9.......2.....1.............6.7..5..3.....8.....5.2.............9.....8.......1.", '
       '"constraints": [{"type": "between", "cells": [[8, 4], [7, 5], [6, 6], [5, 7], [4, 8]]}, '
       '{"type": "between", "cells": [[8, 2], [7, 3], [6, 4], [5, 5], [4, 6], [3, 7], [2, 8]]}, '
       '{"type": "between", "cells": [[0, 8], [1, 7], [2, 6], [3, 5], [4, 4], [5, 3], [6, 2], [7, 1], [8, '
       '0]]}, {"type": "between", "cells": [[4, 0], [3, 1], [2, 2], [1, 3], [0, 4]]}, {"type": "between", '
       '"cells": [[6, 0], [5, 1], [4, 2], [3, 3], [2, 4], [1, 5], [0, 6]]}]}'),
      "697531842258497163314862579846273951532149786971658234125386497469715328783924615"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Quadruple X"
    # (origin: https://logic-masters.de/Raetselportal/Raetsel/zeigen.php?id=00040T, https://sudokupad.app/20mp1nw1lh)
    P("quadruple",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Quadruple X\"",
      ('{"givens": ".................................................................................", '
       '"constraints": [{"type": "quadruple", "cells": [[0, 0], [0, 1], [1, 0], [1, 1]], "digits": [1, 4, '
       '6, 7]}, {"type": "quadruple", "cells": [[4, 0], [4, 1], [5, 0], [5, 1]], "digits": [2, 3]}, '
       '{"type": "quadruple", "cells": [[5, 0], [5, 1], [6, 0], [6, 1]], "digits": [1, 2]}, '
       '{"type": "quadruple", "cells": [[2, 2], [2, 3], [3, 2], [3, 3]], "digits": [1, 2, 4, 8]}, '
       '{"type": "quadruple", "cells": [[5, 2], [5, 3], [6, 2], [6, 3]], "digits": [3, 5, 8, 9]}, '
       '{"type": "quadruple", "cells": [[1, 3], [1, 4], [2, 3], [2, 4]], "digits": [6, 7]}, '
       '{"type": "quadruple", "cells": [[6, 4], [6, 5], [7, 4], [7, 5]], "digits": [3, 6]}, '
       '{"type": "quadruple", "cells": [[2, 5], [2, 6], [3, 5], [3, 6]], "digits": [4, 5, 8, 9]}, '
       '{"type": "quadruple", "cells": [[5, 5], [5, 6], [6, 5], [6, 6]], "digits": [2, 3, 6, 7]}, '
       '{"type": "quadruple", "cells": [[2, 7], [2, 8], [3, 7], [3, 8]], "digits": [1, 2]}, '
       '{"type": "quadruple", "cells": [[3, 7], [3, 8], [4, 7], [4, 8]], "digits": [1, 5]}, '
       '{"type": "quadruple", "cells": [[7, 7], [7, 8], [8, 7], [8, 8]], "digits": [2, 3, 4, 5]}, '
       '{"type": "diagonal"}]}'),
      "762384591415729368398165427654278913837691245129543786543812679971436852286957134"),
    # sigh/Interactive-Sudoku-Solver data/collections.js "Quadruple - repeated values"
    # (origin: https://logic-masters.de/Raetselportal/Raetsel/zeigen.php?id=00022p&chlang=en)
    P("quadruple",
      "sigh/Interactive-Sudoku-Solver data/collections.js \"Quadruple - repeated values\"",
      ('{"givens": ".................................................................................", '
       '"constraints": [{"type": "quadruple", "cells": [[0, 0], [0, 1], [1, 0], [1, 1]], "digits": [1, 2, '
       '3, 4]}, {"type": "quadruple", "cells": [[0, 7], [0, 8], [1, 7], [1, 8]], "digits": [6, 7, 8, 9]}, '
       '{"type": "quadruple", "cells": [[1, 1], [1, 2], [2, 1], [2, 2]], "digits": [4, 5, 6, 7]}, '
       '{"type": "quadruple", "cells": [[1, 6], [1, 7], [2, 6], [2, 7]], "digits": [3, 4, 5, 6]}, '
       '{"type": "quadruple", "cells": [[2, 2], [2, 3], [3, 2], [3, 3]], "digits": [1, 3, 5, 6]}, '
       '{"type": "quadruple", "cells": [[2, 5], [2, 6], [3, 5], [3, 6]], "digits": [4, 7, 7, 8]}, '
       '{"type": "quadruple", "cells": [[5, 0], [5, 1], [6, 0], [6, 1]], "digits": [4, 5, 5, 9]}, '
       '{"type": "quadruple", "cells": [[5, 7], [5, 8], [6, 7], [6, 8]], "digits": [2, 4, 7, 8]}, '
       '{"type": "quadruple", "cells": [[6, 2], [6, 3], [7, 2], [7, 3]], "digits": [3, 4, 6, 8]}, '
       '{"type": "quadruple", "cells": [[6, 5], [6, 6], [7, 5], [7, 6]], "digits": [2, 2, 5, 6]}]}'),
      "239456187147283569865197432926348715378521946451769328593812674784635291612974853"),
    # kinnison/kaji sample-puzzles/quad-bike.json
    # (origin: Quad? Bike! by Kinnison)
    P("quadruple",
      "kinnison/kaji sample-puzzles/quad-bike.json",
      ('{"size": 6, "grid": [[{}, {}, {"value": 5, "given": true}, {}, {"value": 4, "given": true}, {}], '
       '[{}, {}, {}, {"value": 3, "given": true}, {}, {}], [{"value": 2, "given": true}, {}, {}, {}, {}, '
       '{}], [{}, {}, {"value": 4, "given": true}, {"value": 5, "given": true}, {}, {}], [{}, {}, '
       '{"value": 2, "given": true}, {}, {}, {}], [{}, {}, {}, {}, {"value": 6, "given": true}, {}]], '
       '"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [3, 4]}, {"cells": ["R5C1", '
       '"R5C2", "R6C1", "R6C2"], "values": [3, 4]}, {"cells": ["R4C5", "R4C6", "R5C5", "R5C6"], '
       '"values": [4, 5]}, {"cells": ["R2C5", "R2C6", "R3C5", "R3C6"], "values": [2, 5]}]}'),
      "325641416325253416164532632154541263"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/extra_regions_9x9.rs check_extra_regions_9x9_1_solve
    # (origin: https://logicmastersindia.com/live/?contest=SM202301)
    P("extra-region",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/extra_regions_9x9.rs check_extra_regions_9x9_1_solve",
      ('{"givens": "1.83.25.6...........3...8...........4.2.5.7.8...........9...4...........7.54.96.2", '
       '"constraints": [{"type": "extra-region", "cells": [[1, 0], [1, 1], [1, 2], [1, 3], [2, 0], [2, 3], '
       '[3, 0], [3, 1], [3, 2]]}, {"type": "extra-region", "cells": [[1, 5], [1, 6], [1, 7], [1, 8], [2, '
       '5], [2, 8], [3, 6], [3, 7], [3, 8]]}, {"type": "extra-region", "cells": [[5, 0], [5, 1], [5, 2], '
       '[6, 0], [6, 3], [7, 0], [7, 1], [7, 2], [7, 3]]}, {"type": "extra-region", "cells": [[5, 6], [5, '
       '7], [5, 8], [6, 5], [6, 8], [7, 5], [7, 6], [7, 7], [7, 8]]}]}'),
      "178392546946518273253764891831247965462951738597683124319826457624175389785439612"),
    # lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/extra_regions_6x6.rs check_extra_regions_6x6_1_solve
    # (origin: https://logicmastersindia.com/live/?contest=SM202301)
    P("extra-region",
      "lisudoku/lisudoku_solver src/solver/tests/logical_solver/puzzles/extra_regions_6x6.rs check_extra_regions_6x6_1_solve",
      ('{"givens": "5142..........2......3..........3541", "constraints": [{"type": "extra-region", '
       '"cells": [[1, 0], [2, 0], [2, 1], [3, 0], [3, 1], [4, 0]]}, {"type": "extra-region", "cells": [[1, '
       '5], [2, 4], [2, 5], [3, 4], [3, 5], [4, 5]]}]}'),
      "514236236154362415451362145623623541"),
    # kinnison/kaji sample-puzzles/fortress-maximum.json
    # (origin: Fortress Sudoku by funwithpuzzles, https://www.funwithpuzzles.com/2015/02/fortress-sudoku-mini-sudoku-series-28.html)
    P("maximum",
      "kinnison/kaji sample-puzzles/fortress-maximum.json",
      ('{"size": 6, "grid": [[{}, {}, {"region": 1}, {}, {"region": 2}, {"region": 2}], [{}, {}, '
       '{"region": 1}, {"value": 3, "given": true}, {"region": 2}, {"region": 2}], [{"region": 0}, '
       '{"region": 0}, {"region": 1}, {"region": 1}, {"value": 4, "given": true, "region": 2}, {"value": 6, '
       '"given": true, "region": 2}], [{"value": 2, "given": true, "region": 3}, {"value": 4, '
       '"given": true, "region": 3}, {"region": 4}, {"region": 4}, {"region": 5}, {"region": 5}], '
       '[{"region": 3}, {"region": 3}, {"value": 3, "given": true}, {"region": 4}, {}, {}], [{"region": 3}, '
       '{"region": 3}, {}, {"region": 4}, {}, {}]], "maximum": [{"cell": "R1C1"}, {"cell": "R2C2"}, '
       '{"cell": "R3C3"}, {"cell": "R4C4"}, {"cell": "R5C5"}, {"cell": "R6C6"}, {"cell": "R1C6"}, '
       '{"cell": "R2C5"}, {"cell": "R3C4"}, {"cell": "R4C3"}, {"cell": "R5C2"}, {"cell": "R6C1"}]}'),
      "526413461352312546245631153264634125"),
    # kinnison/kaji sample-puzzles/clone-wars.json
    # (origin: Clone Wars by Kinnison)
    P("clone",
      "kinnison/kaji sample-puzzles/clone-wars.json",
      ('{"size": 6, "grid": [[{"value": 1, "given": true}, {}, {}, {}, {}, {"value": 3, "given": true}], '
       '[{}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {"value": 5, "given": true}], [{"value": 4, '
       '"given": true}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {"value": 2, '
       '"given": true}]], "clone": [{"cells": ["R2C2", "R2C3", "R3C2", "R3C3"], "cloneCells": ["R4C4", '
       '"R4C5", "R5C4", "R5C5"]}, {"cells": ["R1C5"], "cloneCells": ["R6C2"]}]}'),
      "145263632514213645456321524136361452"),
    # kinnison/kaji sample-puzzles/joined-up-thinking.json
    # (origin: Joined up thinking by Kinnison)
    P("disjoint",
      "kinnison/kaji sample-puzzles/joined-up-thinking.json",
      ('{"size": 6, "grid": [[{"value": 1, "given": true}, {}, {}, {}, {}, {"value": 2, "given": true}], '
       '[{}, {}, {}, {}, {"value": 4, "given": true}, {}], [{}, {}, {}, {}, {"value": 6, "given": true}, '
       '{}], [{}, {"value": 5, "given": true}, {}, {}, {}, {}], [{}, {}, {}, {}, {"value": 1, '
       '"given": true}, {}], [{"value": 4, "given": true}, {}, {}, {}, {}, {"value": 3, "given": true}]], '
       '"disjointgroups": true}'),
      "134652265341341265652134523416416523"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Between 1 and 9 Sudoku"
    # (origin: https://www.youtube.com/watch?v=2wfR6QIvNn4&t=4s, https://sudokupad.app/p8fFp3hT96)
    P("sandwich",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Between 1 and 9 Sudoku\"",
      ('{"givens": "....................1...................5...................9....................", '
       '"constraints": [{"type": "sandwich", "clue": [-1, 0], "sum": 8}, {"type": "sandwich", "clue": [-1, '
       '1], "sum": 4}, {"type": "sandwich", "clue": [-1, 2], "sum": 17}, {"type": "sandwich", "clue": [-1, '
       '3], "sum": 35}, {"type": "sandwich", "clue": [-1, 4], "sum": 14}, {"type": "sandwich", "clue": [-1, '
       '5], "sum": 13}, {"type": "sandwich", "clue": [-1, 6], "sum": 3}, {"type": "sandwich", "clue": [-1, '
       '7], "sum": 10}, {"type": "sandwich", "clue": [-1, 8], "sum": 25}, {"type": "sandwich", "clue": [0, '
       '-1], "sum": 4}, {"type": "sandwich", "clue": [1, -1], "sum": 33}, {"type": "sandwich", "clue": [2, '
       '-1], "sum": 20}, {"type": "sandwich", "clue": [3, -1], "sum": 17}, {"type": "sandwich", "clue": [4, '
       '-1], "sum": 26}, {"type": "sandwich", "clue": [5, -1], "sum": 10}, {"type": "sandwich", "clue": [6, '
       '-1], "sum": 16}, {"type": "sandwich", "clue": [7, -1], "sum": 24}, {"type": "sandwich", "clue": [8, '
       '-1], "sum": 0}]}'),
      "236941875954378612871625439182439756397856124645217398413562987569783241728194563"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "X-Sum"
    # (origin: https://www.youtube.com/watch?v=fnCzYnsC4Ow, https://sudokupad.app/PtjJbFhttP)
    P("xsum",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"X-Sum\"",
      ('{"givens": ".................................................................................", '
       '"constraints": [{"type": "xsum", "clue": [-1, 1], "sum": 27}, {"type": "xsum", "clue": [9, 1], '
       '"sum": 27}, {"type": "xsum", "clue": [-1, 3], "sum": 11}, {"type": "xsum", "clue": [9, 3], '
       '"sum": 11}, {"type": "xsum", "clue": [-1, 5], "sum": 21}, {"type": "xsum", "clue": [-1, 6], '
       '"sum": 16}, {"type": "xsum", "clue": [9, 6], "sum": 16}, {"type": "xsum", "clue": [1, -1], '
       '"sum": 8}, {"type": "xsum", "clue": [1, 9], "sum": 8}, {"type": "xsum", "clue": [3, -1], '
       '"sum": 17}, {"type": "xsum", "clue": [3, 9], "sum": 17}, {"type": "xsum", "clue": [5, -1], '
       '"sum": 30}, {"type": "xsum", "clue": [5, 9], "sum": 30}, {"type": "xsum", "clue": [7, -1], '
       '"sum": 28}, {"type": "xsum", "clue": [7, 9], "sum": 28}]}'),
      "856214379341975862792863541417529683985631724623487195274156938539748216168392457"),
    # sigh/Interactive-Sudoku-Solver data/collections.js "X-Sum little killer"
    # (origin: not named there)
    P("xsum",
      "sigh/Interactive-Sudoku-Solver data/collections.js \"X-Sum little killer\"",
      ('{"givens": ".......................................................2.....5...................", '
       '"constraints": [{"type": "little-killer", "clue": [-1, -1], "direction": "DR", "sum": 23}, '
       '{"type": "little-killer", "clue": [2, 9], "direction": "UL", "sum": 12}, {"type": "little-killer", '
       '"clue": [3, 9], "direction": "UL", "sum": 23}, {"type": "little-killer", "clue": [5, 9], '
       '"direction": "UL", "sum": 25}, {"type": "little-killer", "clue": [5, -1], "direction": "DR", '
       '"sum": 12}, {"type": "little-killer", "clue": [-1, 6], "direction": "DL", "sum": 25}, '
       '{"type": "xsum", "clue": [-1, 0], "sum": 25}, {"type": "xsum", "clue": [9, 0], "sum": 23}, '
       '{"type": "xsum", "clue": [-1, 4], "sum": 12}, {"type": "xsum", "clue": [9, 4], "sum": 25}, '
       '{"type": "xsum", "clue": [-1, 8], "sum": 23}, {"type": "xsum", "clue": [9, 8], "sum": 12}]}'),
      "562831974837429165941576238195384726286715349473692581329168457758943612614257893"),
    # issue 41, cells and outside clues (branch kinds-cells)
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Fortress" (origin: https://sudokupad.app/N7fqrL2gtD);
    # its GreaterThan~A~B~C... (A greater than each later neighbour) written as one sign per pair
    P("greaterthan",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Fortress\"",
      ('{"givens": "4..1.2...............3.47....8...1...........7.......3...6.7...............8.9..2", '
       '"constraints": [{"type": "greaterthan", "cells": [[0, 7], [1, 7]]}, {"type": "greaterthan", "cel'
       'ls": [[0, 7], [0, 6]]}, {"type": "greaterthan", "cells": [[0, 7], [0, 8]]}, {"type": "greatertha'
       'n", "cells": [[1, 4], [1, 3]]}, {"type": "greaterthan", "cells": [[1, 4], [0, 4]]}, {"type": "gr'
       'eaterthan", "cells": [[1, 4], [1, 5]]}, {"type": "greaterthan", "cells": [[1, 4], [2, 4]]}, {"ty'
       'pe": "greaterthan", "cells": [[4, 7], [3, 7]]}, {"type": "greaterthan", "cells": [[4, 7], [4, 8]'
       ']}, {"type": "greaterthan", "cells": [[4, 7], [5, 7]]}, {"type": "greaterthan", "cells": [[4, 7]'
       ', [4, 6]]}, {"type": "greaterthan", "cells": [[3, 4], [2, 4]]}, {"type": "greaterthan", "cells":'
       ' [[3, 4], [3, 3]]}, {"type": "greaterthan", "cells": [[3, 4], [3, 5]]}, {"type": "greaterthan", '
       '"cells": [[3, 4], [4, 4]]}, {"type": "greaterthan", "cells": [[5, 4], [4, 4]]}, {"type": "greate'
       'rthan", "cells": [[5, 4], [5, 3]]}, {"type": "greaterthan", "cells": [[5, 4], [5, 5]]}, {"type":'
       ' "greaterthan", "cells": [[5, 4], [6, 4]]}, {"type": "greaterthan", "cells": [[7, 4], [6, 4]]}, '
       '{"type": "greaterthan", "cells": [[7, 4], [7, 3]]}, {"type": "greaterthan", "cells": [[7, 4], [7'
       ', 5]]}, {"type": "greaterthan", "cells": [[7, 4], [8, 4]]}, {"type": "greaterthan", "cells": [[8'
       ', 1], [7, 1]]}, {"type": "greaterthan", "cells": [[8, 1], [8, 0]]}, {"type": "greaterthan", "cel'
       'ls": [[8, 1], [8, 2]]}, {"type": "greaterthan", "cells": [[4, 1], [4, 0]]}, {"type": "greatertha'
       'n", "cells": [[4, 1], [3, 1]]}, {"type": "greaterthan", "cells": [[4, 1], [4, 2]]}, {"type": "gr'
       'eaterthan", "cells": [[4, 1], [5, 1]]}, {"type": "greaterthan", "cells": [[3, 0], [3, 1]]}, {"ty'
       'pe": "greaterthan", "cells": [[3, 0], [2, 0]]}, {"type": "greaterthan", "cells": [[3, 0], [4, 0]'
       ']}]}'),
      "437182596681795324295364718328576149164938275759241863843627951912453687576819432"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Skyscraper" (origin: https://www.youtube.com/watch?v=rLlZA5ZND00, https://sudokupad.app/mMFtMNMMqg)
    P("skyscraper",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Skyscraper\"",
      ('{"givens": "1....2..8.........3..6..4...........5.2..3............7..8..2...........9....4..6", '
       '"constraints": [{"type": "skyscraper", "clue": [-1, 4], "value": 5}, {"type": "skyscraper", "clu'
       'e": [1, -1], "value": 2}, {"type": "skyscraper", "clue": [3, -1], "value": 4}, {"type": "skyscra'
       'per", "clue": [5, -1], "value": 6}, {"type": "skyscraper", "clue": [7, -1], "value": 8}]}'),
      "147932658826145937359678412678419325592783164413256789765891243234567891981324576"),
    # sigh/Interactive-Sudoku-Solver data/collections.js "Skyscraper - all 6" (origin: https://sudokutheory.com/wiki/index.php?title=Snipes#Skyscrapers)
    P("skyscraper",
      "sigh/Interactive-Sudoku-Solver data/collections.js \"Skyscraper - all 6\"",
      ('{"givens": ".................................................................................", '
       '"constraints": [{"type": "skyscraper", "clue": [-1, 0], "value": 6}, {"type": "skyscraper", "clu'
       'e": [-1, 2], "value": 6}, {"type": "skyscraper", "clue": [-1, 5], "value": 6}, {"type": "skyscra'
       'per", "clue": [4, -1], "value": 6}, {"type": "skyscraper", "clue": [7, -1], "value": 6}, {"type"'
       ': "skyscraper", "clue": [0, 9], "value": 6}, {"type": "skyscraper", "clue": [3, 9], "value": 6},'
       ' {"type": "skyscraper", "clue": [6, 9], "value": 6}, {"type": "skyscraper", "clue": [9, 1], "val'
       'ue": 6}, {"type": "skyscraper", "clue": [9, 3], "value": 6}]}'),
      "491872653582631974673495218714986532356724189829513746968357421145268397237149865"),
    # sigh/Interactive-Sudoku-Solver data/collections.js "N is for Numbered Rooms" (origin: https://logic-masters.de/Raetselportal/Raetsel/zeigen.php?id=000B8L); NumberedRoom~C1~a~b: a above column 1, b below
    P("numberedroom",
      "sigh/Interactive-Sudoku-Solver data/collections.js \"N is for Numbered Rooms\"",
      ('{"givens": ".................................................................................", '
       '"constraints": [{"type": "numberedroom", "clue": [-1, 0], "value": 1}, {"type": "numberedroom", '
       '"clue": [9, 0], "value": 1}, {"type": "numberedroom", "clue": [-1, 1], "value": 1}, {"type": "nu'
       'mberedroom", "clue": [9, 1], "value": 5}, {"type": "numberedroom", "clue": [-1, 2], "value": 3},'
       ' {"type": "numberedroom", "clue": [9, 2], "value": 7}, {"type": "numberedroom", "clue": [-1, 3],'
       ' "value": 3}, {"type": "numberedroom", "clue": [-1, 4], "value": 5}, {"type": "numberedroom", "c'
       'lue": [0, -1], "value": 4}, {"type": "numberedroom", "clue": [0, 9], "value": 4}, {"type": "numb'
       'eredroom", "clue": [2, -1], "value": 8}, {"type": "numberedroom", "clue": [3, -1], "value": 2}, '
       '{"type": "numberedroom", "clue": [8, -1], "value": 6}, {"type": "numberedroom", "clue": [8, 9], '
       '"value": 6}, {"type": "numberedroom", "clue": [-1, 5], "value": 7}, {"type": "numberedroom", "cl'
       'ue": [-1, 6], "value": 7}, {"type": "numberedroom", "clue": [9, 6], "value": 7}, {"type": "numbe'
       'redroom", "clue": [-1, 7], "value": 9}, {"type": "numberedroom", "clue": [9, 7], "value": 5}, {"'
       'type": "numberedroom", "clue": [-1, 8], "value": 9}, {"type": "numberedroom", "clue": [9, 8], "v'
       'alue": 9}, {"type": "numberedroom", "clue": [6, 9], "value": 2}, {"type": "numberedroom", "clue"'
       ': [5, 9], "value": 8}]}'),
      "817593642532416879496827513658172394974365281321984765783249156145638927269751438"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Clockwork", shown as "Counting circles" (origin: https://www.youtube.com/watch?v=J_3SltyIJ1I, https://sudokupad.app/QbPRdNNRMH)
    P("countingcircles",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Clockwork\"",
      ('{"givens": "....1.....8.....2...................7.......3....9......8...2...6...1.4.....5....", '
       '"constraints": [{"type": "countingcircles", "cells": [[0, 0], [0, 4], [0, 8], [1, 6], [1, 2], [2'
       ', 1], [2, 7], [3, 5], [3, 6], [3, 3], [4, 0], [4, 1], [5, 2], [5, 3], [5, 5], [6, 7], [7, 6], [8'
       ', 8], [8, 4], [6, 1], [7, 2], [8, 0], [4, 7]]}]}'),
      "623514897584379621971268354219436785745182963836795412158643279367921548492857136"),
    # sigh/Interactive-Sudoku-Solver data/collections.js "Start with 1, not 0!" (origin: https://sudokupad.app/2ng0dky96e); Indexing~C (column indexing, the 1-5-9 rule) as indexer "column", Cage~sum as killer
    P("indexer",
      "sigh/Interactive-Sudoku-Solver data/collections.js \"Start with 1, not 0!\"",
      ('{"givens": ".................................................................................", '
       '"constraints": [{"type": "killer", "cells": [[0, 0], [1, 0], [2, 0]], "sum": 12}, {"type": "kill'
       'er", "cells": [[2, 1], [2, 2]], "sum": 12}, {"type": "killer", "cells": [[0, 4], [0, 5]], "sum":'
       ' 8}, {"type": "killer", "cells": [[3, 4], [4, 4], [5, 4]], "sum": 18}, {"type": "killer", "cells'
       '": [[3, 3], [4, 3]], "sum": 12}, {"type": "killer", "cells": [[3, 1], [3, 2]], "sum": 6}, {"type'
       '": "killer", "cells": [[4, 0], [4, 1]], "sum": 10}, {"type": "killer", "cells": [[6, 0], [6, 1]]'
       ', "sum": 9}, {"type": "killer", "cells": [[8, 0], [8, 1]], "sum": 11}, {"type": "killer", "cells'
       '": [[6, 3], [7, 3], [8, 3]], "sum": 13}, {"type": "killer", "cells": [[0, 7], [1, 7]], "sum": 8}'
       ', {"type": "killer", "cells": [[4, 7], [4, 8]], "sum": 13}, {"type": "killer", "cells": [[6, 8],'
       ' [7, 8], [8, 8]], "sum": 17}, {"type": "indexer", "which": "column", "cells": [[0, 0], [0, 4], ['
       '0, 8], [1, 0], [1, 4], [1, 8], [2, 0], [2, 4], [2, 8], [3, 0], [3, 4], [3, 8], [4, 0], [4, 4], ['
       '4, 8], [5, 0], [5, 4], [5, 8], [6, 0], [6, 4], [6, 8], [7, 0], [7, 4], [7, 8], [8, 0], [8, 4], ['
       '8, 8]]}]}'),
      "758926134162384957493157862924865371371492685685731429546213798219678543837549216"),
    # dclamage/SudokuSolver SudokuTests/Puzzles.cs "Irregular 7x7 Kropki" by tsc (7x7, irregular
    # regions, kropki without the negative constraint): a jigsaw size with no box shape; f-puzzles
    # JSON (its lz-string payload there) cut to the grid's givens and regions and the rule keys
    P("kropki",
      "dclamage/SudokuSolver SudokuTests/Puzzles.cs \"Irregular 7x7 Kropki\"",
      ('{"size": 7, "grid": [[{}, {}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}, {}], [{}, {}, {}'
       ', {}, {}, {}, {}], [{}, {}, {}, {"region": 4}, {"region": 5}, {"region": 5}, {"region": 5}],'
       ' [{"region": 3}, {"region": 3}, {}, {}, {}, {"region": 5}, {"region": 5}], [{"region": 3}, {'
       '"region": 6}, {"region": 4}, {"region": 4}, {"region": 4}, {"region": 6}, {}], [{"region": 3'
       '}, {}, {}, {}, {}, {}, {"region": 5}]], "difference": [{"cells": ["R2C4", "R2C5"]}, {"cells"'
       ': ["R2C6", "R2C5"]}, {"cells": ["R1C6", "R1C7"]}, {"cells": ["R5C3", "R6C3"]}, {"cells": ["R'
       '3C1", "R4C1"]}, {"cells": ["R7C3", "R7C2"]}, {"cells": ["R5C4", "R6C4"]}, {"cells": ["R5C5",'
       ' "R6C5"]}], "ratio": [{"cells": ["R1C3", "R1C4"]}, {"cells": ["R1C6", "R1C5"]}, {"cells": ["'
       'R2C3", "R2C4"]}, {"cells": ["R1C2", "R2C2"]}, {"cells": ["R6C4", "R6C5"]}, {"cells": ["R4C3"'
       ', "R4C2"]}, {"cells": ["R5C7", "R4C7"]}]}'),
      "7412365123654723574163125674476315256742316541723"),
    # issue 41, lines (branch kinds-lines)
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Raw Spaghetti" (origin: https://www.youtube.com/watch?v=7UZKP82Em14,
    # https://sudokupad.app/jsm6fxl03y); its RegionSumLine~R1C1~... lines as regionsum
    P("regionsum",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Raw Spaghetti\"",
      ('{"givens": ".................................................................................", "'
       'constraints": [{"type": "regionsum", "cells": [[0, 1], [1, 1], [2, 1], [3, 1], [4, 1]]}, {"type":'
       ' "regionsum", "cells": [[0, 2], [1, 3], [2, 4]]}, {"type": "regionsum", "cells": [[5, 0], [6, 0],'
       ' [7, 0]]}, {"type": "regionsum", "cells": [[6, 1], [5, 2], [4, 3], [3, 4], [2, 5], [1, 6], [0, 7]'
       ']}, {"type": "regionsum", "cells": [[1, 7], [2, 6], [3, 5], [4, 4], [5, 3], [6, 2], [7, 1]]}, {"t'
       'ype": "regionsum", "cells": [[2, 7], [3, 6], [4, 5], [5, 4], [6, 3], [7, 2], [8, 1]]}, {"type": "'
       'regionsum", "cells": [[2, 8], [3, 7], [4, 6], [5, 5], [6, 4], [7, 3], [8, 2]]}, {"type": "regions'
       'um", "cells": [[4, 8], [5, 7], [6, 6], [7, 5], [8, 4]]}]}'),
      "847925163965137284312468579693854712421376895758219346586743921274591638139682457"),
    # dclamage/SudokuSolver SudokuTests/Puzzles.cs "Equal Sums" by Rangsk (region sum lines); f-puzzles JSON (its
    # lz-string payload there) cut to the grid's givens and the rule keys
    P("regionsum",
      "dclamage/SudokuSolver SudokuTests/Puzzles.cs \"Equal Sums\"",
      ('{"size": 9, "grid": [[{}, {}, {}, {}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}, {}, {}, {}], '
       '[{}, {}, {}, {}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, '
       '{}, {}, {}, {}], [{}, {}, {}, {}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}, {}, {}, {}], [{},'
       ' {}, {}, {}, {}, {}, {}, {}, {}], [{}, {}, {}, {"value": 7, "given": true}, {}, {}, {}, {}, {}]],'
       ' "regionsumline": [{"lines": [["R1C1", "R2C1", "R3C2", "R4C2", "R4C3", "R4C4"]]}, {"lines": [["R9'
       'C1", "R8C1", "R7C1", "R6C2", "R6C3", "R6C4"]]}, {"lines": [["R4C6", "R4C7", "R4C8", "R3C8", "R2C8'
       '", "R1C9"]]}, {"lines": [["R6C6", "R6C7", "R6C8", "R7C8", "R8C9", "R9C9"]]}, {"lines": [["R9C2", '
       '"R9C3", "R9C4", "R9C5", "R9C6"]]}, {"lines": [["R8C6", "R9C7", "R9C8"]]}, {"lines": [["R8C4", "R7'
       'C4", "R7C5", "R6C5", "R5C5"]]}, {"lines": [["R8C2", "R7C2", "R6C1", "R5C2", "R5C3"]]}, {"lines": '
       '[["R2C9", "R3C9", "R4C9", "R5C9"]]}, {"lines": [["R4C5", "R3C6", "R2C6"]]}, {"lines": [["R1C4", "'
       'R1C5", "R1C6", "R1C7", "R1C8"]]}]}'),
      "146583972593672418728491536917836245632145789854927163465319827371258694289764351"),
    # dclamage/SudokuSolver SudokuTests/Puzzles.cs "Entropic Lines 101" by jeremydover & Raumplaner; f-puzzles
    # JSON (its lz-string payload there) cut to the grid's givens and the rule keys
    P("entropic",
      "dclamage/SudokuSolver SudokuTests/Puzzles.cs \"Entropic Lines 101\"",
      ('{"size": 9, "grid": [[{}, {}, {}, {}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}, {}, {}, {}], '
       '[{}, {}, {}, {}, {}, {"value": 1, "given": true}, {}, {}, {}], [{}, {}, {}, {}, {}, {}, {"value":'
       ' 6, "given": true}, {}, {}], [{}, {}, {}, {}, {}, {}, {}, {}, {}], [{}, {}, {"value": 9, "given":'
       ' true}, {}, {}, {}, {}, {"value": 8, "given": true}, {}], [{"value": 4, "given": true}, {}, {}, {'
       '}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}, {"value": 2, "given": true}, {}, {}], [{}, {}, {'
       '}, {}, {}, {}, {}, {}, {}]], "entropicline": [{"lines": [["R7C3", "R6C2", "R6C1", "R5C1", "R4C1",'
       ' "R3C1", "R2C1", "R1C1"]]}, {"lines": [["R5C3", "R4C2", "R4C3", "R3C2", "R3C3", "R2C2", "R1C1"]]}'
       ', {"lines": [["R3C4", "R4C4", "R5C4", "R6C4", "R7C4", "R7C5", "R8C5", "R8C4", "R9C4", "R9C3", "R9'
       'C2", "R9C1", "R8C2", "R7C3"]]}, {"lines": [["R1C4", "R2C4", "R1C5", "R2C5", "R1C6", "R1C7", "R1C8'
       '", "R1C9"]]}, {"lines": [["R9C9", "R8C9", "R7C9", "R6C9", "R5C9", "R4C9", "R4C8", "R3C7", "R2C8",'
       ' "R1C9"]]}, {"lines": [["R5C7", "R6C7", "R7C7", "R8C8", "R9C9"]]}, {"lines": [["R3C5", "R4C5", "R'
       '4C6", "R5C6", "R5C5", "R6C6", "R5C7"]]}]}'),
      "195482763842367195637591428284935617763128954519674382428716539951843276376259841"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Modular Lines 1" (origin:
    # https://logic-masters.de/Raetselportal/Raetsel/zeigen.php?id=0009I1); its Modular~3~... lines, Cage~sum~... killer cages
    P("modular",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Modular Lines 1\"",
      ('{"givens": ".................................................................................", "'
       'constraints": [{"type": "modular", "cells": [[1, 4], [1, 3], [1, 2], [1, 1], [2, 1], [3, 1], [4, '
       '1]]}, {"type": "modular", "cells": [[6, 0], [7, 0], [7, 1], [6, 1]]}, {"type": "modular", "cells"'
       ': [[3, 2], [4, 2], [5, 2], [6, 2], [7, 2], [8, 2], [8, 1]]}, {"type": "modular", "cells": [[5, 3]'
       ', [4, 3], [3, 3], [3, 4], [3, 5], [4, 5], [5, 5]]}, {"type": "modular", "cells": [[4, 7], [5, 7],'
       ' [6, 7], [7, 7], [7, 6], [7, 5], [7, 4]]}, {"type": "modular", "cells": [[2, 7], [1, 7], [1, 8], '
       '[2, 8]]}, {"type": "modular", "cells": [[0, 8], [0, 7], [0, 6], [1, 6], [2, 6], [3, 6], [4, 6], ['
       '5, 6]]}, {"type": "killer", "cells": [[0, 0], [0, 1], [1, 1], [1, 0]], "sum": 21}, {"type": "kill'
       'er", "cells": [[3, 0], [4, 0], [5, 0]], "sum": 22}, {"type": "killer", "cells": [[3, 3], [3, 2]],'
       ' "sum": 3}, {"type": "killer", "cells": [[5, 2], [5, 3]], "sum": 3}, {"type": "killer", "cells": '
       '[[5, 4], [6, 4], [7, 4]], "sum": 10}, {"type": "killer", "cells": [[1, 4], [2, 4], [3, 4]], "sum"'
       ': 22}, {"type": "killer", "cells": [[3, 5], [3, 6]], "sum": 7}, {"type": "killer", "cells": [[5, '
       '5], [5, 6]], "sum": 8}, {"type": "killer", "cells": [[3, 8], [4, 8], [5, 8]], "sum": 15}, {"type"'
       ': "killer", "cells": [[7, 7], [7, 8], [8, 8], [8, 7]], "sum": 13}]}'),
      "359427168764891523128356974972183456536974812841265397415632789293718645687549231"),
    # dclamage/SudokuSolver SudokuTests/Puzzles.cs "Jumped Joy" (titled "Jumbled Joy") by Jaze (zipper lines); f-puzzles
    # JSON (its lz-string payload there) cut to the grid's givens and the rule keys
    P("zipper",
      "dclamage/SudokuSolver SudokuTests/Puzzles.cs \"Jumped Joy\"",
      ('{"size": 9, "grid": [[{}, {}, {}, {}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}, {}, {}, {}], '
       '[{}, {}, {}, {}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, '
       '{}, {}, {}, {}], [{}, {}, {}, {}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}, {}, {}, {}], [{},'
       ' {}, {}, {}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}, {}, {}, {}]], "zipperline": [{"lines":'
       ' [["R1C5", "R1C4", "R1C3", "R2C2", "R2C3", "R3C4", "R3C5"]]}, {"lines": [["R2C6", "R1C7", "R2C8",'
       ' "R1C8", "R2C9"]]}, {"lines": [["R4C5", "R3C6", "R4C6", "R4C7", "R4C8"]]}, {"lines": [["R4C1", "R'
       '5C1", "R6C2", "R5C2", "R4C2"]]}, {"lines": [["R4C4", "R5C4", "R6C3", "R7C2", "R7C1"]]}, {"lines":'
       ' [["R9C1", "R8C2", "R7C3", "R6C4", "R6C5", "R7C4", "R8C3", "R9C2", "R9C3"]]}, {"lines": [["R8C6",'
       ' "R8C5", "R9C4", "R9C5", "R9C6"]]}, {"lines": [["R9C7", "R8C7", "R7C7", "R7C6", "R6C6", "R5C5", "'
       'R5C6", "R6C7", "R7C8", "R7C9", "R8C9"]]}]}'),
      "693428715574916382812357964148569237236174859759283641487691523921835476365742198"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "The Zip that Zips the Zips" (origin:
    # https://www.youtube.com/watch?v=qP_oxUzGD5g, https://sudokupad.app/k9mm1xgca5)
    P("zipper",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"The Zip that Zips the Zips\"",
      ('{"givens": ".................................................................................", "'
       'constraints": [{"type": "zipper", "cells": [[0, 1], [0, 0], [1, 0], [1, 1], [2, 1], [2, 0], [3, 0'
       '], [4, 0], [3, 1]]}, {"type": "zipper", "cells": [[1, 2], [0, 2], [0, 3], [1, 3], [2, 3]]}, {"typ'
       'e": "zipper", "cells": [[1, 5], [2, 4], [2, 5], [1, 6], [0, 5], [0, 4]]}, {"type": "zipper", "cel'
       'ls": [[8, 2], [7, 1], [6, 0], [5, 0], [4, 1], [3, 2], [3, 3], [4, 3], [5, 2]]}, {"type": "zipper"'
       ', "cells": [[7, 2], [6, 2], [5, 3], [5, 4], [4, 4], [3, 4], [3, 5], [4, 5], [5, 5], [5, 6], [5, 7'
       '], [5, 8]]}, {"type": "zipper", "cells": [[4, 6], [4, 7], [3, 6], [2, 6], [1, 7]]}, {"type": "zip'
       'per", "cells": [[6, 4], [6, 5], [7, 5], [7, 6], [6, 6], [6, 7], [6, 8], [7, 8], [8, 8], [8, 7], ['
       '8, 6], [8, 5], [8, 4], [7, 4]]}]}'),
      "354897126672451839189632574231564987597328641846719352415973268968245713723186495"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Elementary" (origin: https://www.youtube.com/watch?v=5xu7OpQogfo,
    # https://sudokupad.app/jbJ8PNDgR7); its Whisper~4~... lines as dutchwhispers, Whisper~6~... as whispers with value 6
    P("dutchwhispers",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Elementary\"",
      ('{"givens": "..6...........................3...4...................4.........................2", "'
       'constraints": [{"type": "kropki", "cells": [[7, 8], [8, 8]], "color": "white"}, {"type": "kropki"'
       ', "cells": [[6, 8], [6, 7]], "color": "white"}, {"type": "kropki", "cells": [[7, 3], [7, 4]], "co'
       'lor": "white"}, {"type": "kropki", "cells": [[4, 1], [4, 0]], "color": "white"}, {"type": "kropki'
       '", "cells": [[4, 1], [5, 1]], "color": "white"}, {"type": "kropki", "cells": [[5, 5], [5, 4]], "c'
       'olor": "white"}, {"type": "kropki", "cells": [[4, 7], [4, 6]], "color": "white"}, {"type": "kropk'
       'i", "cells": [[1, 3], [1, 4]], "color": "white"}, {"type": "kropki", "cells": [[1, 1], [1, 0]], "'
       'color": "white"}, {"type": "whispers", "cells": [[0, 1], [1, 1], [2, 1]], "value": 6}, {"type": "'
       'whispers", "cells": [[1, 0], [2, 1], [3, 2]], "value": 6}, {"type": "whispers", "cells": [[1, 2],'
       ' [2, 1], [3, 0]], "value": 6}, {"type": "dutchwhispers", "cells": [[6, 1], [7, 1], [8, 1]]}, {"ty'
       'pe": "dutchwhispers", "cells": [[7, 0], [7, 1], [7, 2]]}, {"type": "dutchwhispers", "cells": [[8,'
       ' 0], [8, 1], [8, 2]]}, {"type": "whispers", "cells": [[8, 6], [8, 7], [7, 7], [6, 7], [5, 7]], "v'
       'alue": 2}, {"type": "whispers", "cells": [[6, 6], [6, 7], [7, 8]], "value": 2}, {"type": "whisper'
       's", "cells": [[7, 6], [6, 7], [5, 8]], "value": 2}, {"type": "dutchwhispers", "cells": [[3, 6], ['
       '2, 7], [3, 8]]}, {"type": "dutchwhispers", "cells": [[2, 7], [1, 7], [0, 7]]}, {"type": "dutchwhi'
       'spers", "cells": [[0, 6], [0, 7], [0, 8]]}, {"type": "dutchwhispers", "cells": [[1, 6], [1, 7], ['
       '1, 8]]}, {"type": "whispers", "cells": [[3, 4], [4, 4], [5, 4], [6, 4]], "value": 3}, {"type": "w'
       'hispers", "cells": [[4, 3], [4, 4], [4, 5]], "value": 3}, {"type": "whispers", "cells": [[5, 3], '
       '[4, 4], [5, 5]], "value": 3}]}'),
      "536971284897234516214856793768392145342518679951467328485123967629785431173649852"),
    # dclamage/SudokuSolver SudokuTests/Puzzles.cs "Slow Thermo Sudoku" by Philip Newman; f-puzzles JSON (its lz-string
    # payload there) cut to the grid's givens and the rule keys
    P("slowthermo",
      "dclamage/SudokuSolver SudokuTests/Puzzles.cs \"Slow Thermo Sudoku\"",
      ('{"size": 9, "grid": [[{}, {}, {}, {}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}, {}, {}, {}], '
       '[{}, {}, {}, {}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, '
       '{}, {}, {}, {}], [{}, {}, {}, {}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}, {}, {}, {}], [{},'
       ' {}, {}, {}, {}, {}, {}, {}, {}], [{}, {}, {}, {}, {}, {}, {}, {}, {}]], "slowthermometer": [{"li'
       'nes": [["R4C5", "R3C4", "R2C3", "R2C4", "R3C3", "R4C2", "R3C2", "R4C3", "R5C4", "R5C3", "R4C4", "'
       'R3C5", "R2C6", "R3C7", "R4C8", "R3C8", "R4C7", "R5C6", "R5C7", "R6C6", "R7C5", "R6C5", "R7C4", "R'
       '8C3", "R8C4", "R7C3", "R6C2"]]}, {"lines": [["R7C7", "R7C8", "R7C9", "R6C9"]]}]}'),
      "465793812871265349932148567723419658584326791196587234659874123318952476247631985"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Cold Sauerkraut", shown as "Nabner thermo" (origin:
    # https://logic-masters.de/Raetselportal/Raetsel/zeigen.php?id=000EX5); its PairX~8H_xf8H_xf8H_B~_Nabner~... groups (split at ~~) as nabner lines
    P("nabner",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Cold Sauerkraut\"",
      ('{"givens": ".......9.........................................................................", "'
       'constraints": [{"type": "thermometer", "cells": [[2, 1], [2, 2], [2, 3]]}, {"type": "thermometer"'
       ', "cells": [[2, 6], [3, 7], [4, 6], [5, 7]]}, {"type": "thermometer", "cells": [[8, 5], [7, 5], ['
       '6, 5]]}, {"type": "thermometer", "cells": [[6, 1], [7, 1], [8, 1]]}, {"type": "thermometer", "cel'
       'ls": [[5, 1], [6, 2], [5, 3], [6, 4]]}, {"type": "kropki", "cells": [[8, 6], [8, 7]], "color": "w'
       'hite"}, {"type": "kropki", "cells": [[8, 8], [8, 7]], "color": "white"}, {"type": "kropki", "cell'
       's": [[3, 1], [4, 1]], "color": "black"}, {"type": "nabner", "cells": [[3, 0], [4, 0], [5, 0], [6,'
       ' 1]]}, {"type": "nabner", "cells": [[3, 3], [4, 3], [5, 4], [5, 5]]}, {"type": "nabner", "cells":'
       ' [[1, 3], [2, 4], [2, 5], [1, 6]]}, {"type": "nabner", "cells": [[2, 7], [3, 8], [4, 8], [5, 8]]}'
       ', {"type": "nabner", "cells": [[5, 7], [6, 6], [6, 7], [6, 8]]}, {"type": "nabner", "cells": [[7,'
       ' 8], [7, 7], [7, 6], [8, 5]]}, {"type": "nabner", "cells": [[2, 1], [3, 2], [4, 2], [5, 2]]}]}'),
      "814576293379142586256938174741653829928417365563829741437295618182364957695781432"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Double arrow" (origin: https://sudokupad.app/v2m1f8gtlp)
    P("doublearrow",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Double arrow\"",
      ('{"givens": "...4..8....3..7....2..6....1..5...................9..1....8..1....7..4..3.6..4...", "'
       'constraints": [{"type": "doublearrow", "cells": [[0, 3], [0, 4], [0, 5], [0, 6]]}, {"type": "doub'
       'learrow", "cells": [[1, 2], [1, 3], [1, 4], [1, 5]]}, {"type": "doublearrow", "cells": [[2, 1], ['
       '2, 2], [2, 3], [2, 4]]}, {"type": "doublearrow", "cells": [[3, 0], [3, 1], [3, 2], [3, 3]]}, {"ty'
       'pe": "doublearrow", "cells": [[3, 4], [4, 4], [5, 4]]}, {"type": "doublearrow", "cells": [[5, 5],'
       ' [5, 6], [5, 7], [5, 8]]}, {"type": "doublearrow", "cells": [[6, 4], [6, 5], [6, 6], [6, 7]]}, {"'
       'type": "doublearrow", "cells": [[7, 3], [7, 4], [7, 5], [7, 6]]}, {"type": "doublearrow", "cells"'
       ': [[8, 2], [8, 3], [8, 4], [8, 5]]}]}'),
      "561493872493827165827165943142538697689271354735649281954382716218756439376914528"),
    # issue 41, more kinds setters use (branch kinds-more)
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Lockout Lines (DSM 23 Quali Training)" (origin:
    # https://logic-masters.de/Raetselportal/Raetsel/zeigen.php?id=000CM1); its Lockout~4~... lines as lockout (4: the 9x9 default)
    P("lockout",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Lockout Lines (DSM 23 Quali Training)\"",
      ('{"givens": "..................2.......8............5.....3...........................1....9..", "co'
       'nstraints": [{"type": "lockout", "cells": [[0, 1], [1, 1], [2, 1], [3, 1]]}, {"type": "lockout", "c'
       'ells": [[3, 1], [2, 2], [1, 2], [0, 1]]}, {"type": "lockout", "cells": [[1, 4], [1, 3], [2, 3], [2,'
       ' 4], [3, 4], [3, 3]]}, {"type": "lockout", "cells": [[3, 5], [2, 5], [1, 5], [0, 5], [1, 6], [0, 7]'
       ', [1, 7], [2, 7], [3, 7]]}, {"type": "lockout", "cells": [[5, 2], [5, 3], [6, 3], [6, 2], [7, 2], ['
       '7, 3]]}, {"type": "lockout", "cells": [[7, 4], [7, 5], [7, 6], [6, 5], [5, 6], [5, 5], [5, 4]]}]}'),
      "563814729489752316271693548627189453148536297395427861934271685752968134816345972"),
    # sigh/Interactive-Sudoku-Solver data/collections.js "Lockout double arrows" (origin:
    # https://logic-masters.de/Raetselportal/Raetsel/zeigen.php?id=000GVU); Lockout~4~... as lockout, DoubleArrow~... as doublearrow
    P("lockout",
      "sigh/Interactive-Sudoku-Solver data/collections.js \"Lockout double arrows\"",
      ('{"givens": ".................................................................................", "co'
       'nstraints": [{"type": "lockout", "cells": [[0, 1], [0, 2], [1, 2], [1, 3], [2, 3], [2, 4]]}, {"type'
       '": "doublearrow", "cells": [[2, 4], [2, 3], [1, 3], [1, 2], [0, 2], [0, 1]]}, {"type": "doublearrow'
       '", "cells": [[2, 0], [2, 1], [3, 1]]}, {"type": "doublearrow", "cells": [[3, 1], [4, 1], [5, 1], [6'
       ', 1]]}, {"type": "doublearrow", "cells": [[3, 1], [3, 2], [3, 3], [3, 4]]}, {"type": "doublearrow",'
       ' "cells": [[3, 4], [3, 5], [2, 5], [2, 6]]}, {"type": "doublearrow", "cells": [[2, 6], [1, 6], [0, '
       '6], [0, 7]]}, {"type": "doublearrow", "cells": [[3, 4], [4, 4], [5, 4], [6, 4], [7, 4]]}, {"type": '
       '"doublearrow", "cells": [[8, 4], [8, 3], [8, 2], [7, 2]]}, {"type": "doublearrow", "cells": [[6, 7]'
       ', [7, 7], [7, 6], [6, 6]]}, {"type": "doublearrow", "cells": [[6, 6], [5, 6], [5, 7], [4, 7]]}, {"t'
       'ype": "lockout", "cells": [[2, 6], [1, 6], [0, 6], [0, 7]]}, {"type": "lockout", "cells": [[3, 4], '
       '[3, 5], [2, 5], [2, 6]]}, {"type": "lockout", "cells": [[6, 7], [7, 7], [7, 6], [6, 6]]}, {"type": '
       '"lockout", "cells": [[6, 6], [5, 6], [5, 7], [4, 7]]}, {"type": "lockout", "cells": [[7, 4], [6, 4]'
       ', [5, 4], [4, 4], [3, 4]]}, {"type": "lockout", "cells": [[8, 4], [8, 3], [8, 2], [7, 2]]}, {"type"'
       ': "lockout", "cells": [[6, 1], [5, 1], [4, 1], [3, 1]]}, {"type": "lockout", "cells": [[3, 1], [3, '
       '2], [3, 3], [3, 4]]}, {"type": "lockout", "cells": [[3, 1], [2, 1], [2, 0]]}]}'),
      "794261385153478962682359471529183647418796523376524819965812734237645198841937256"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "10 Lines", shown as "Sum lines, with loop" (origin:
    # https://logic-masters.de/Raetselportal/Raetsel/zeigen.php?id=0009MN); its SumLine~10~... lines as tenline, ~LOOP as "loop"
    P("tenline",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"10 Lines\"",
      ('{"givens": ".................................................................................", "co'
       'nstraints": [{"type": "tenline", "cells": [[0, 2], [0, 1], [0, 0], [1, 0], [2, 0]]}, {"type": "tenl'
       'ine", "cells": [[2, 3], [2, 2], [2, 1], [1, 1], [1, 2], [0, 3]]}, {"type": "tenline", "cells": [[0,'
       ' 4], [0, 5], [1, 5], [2, 5]]}, {"type": "tenline", "cells": [[0, 6], [1, 6], [2, 6], [2, 7], [2, 8]'
       ']}, {"type": "tenline", "cells": [[3, 3], [2, 4], [3, 5], [4, 6]]}, {"type": "tenline", "cells": [['
       '6, 0], [5, 0], [5, 1], [5, 2]]}, {"type": "tenline", "cells": [[7, 1], [6, 1], [6, 2], [6, 3]]}, {"'
       'type": "tenline", "cells": [[5, 5], [6, 4], [7, 3], [8, 2]]}, {"type": "tenline", "cells": [[8, 4],'
       ' [8, 5], [7, 5], [6, 5]]}, {"type": "tenline", "cells": [[7, 6], [6, 7], [6, 8], [5, 7], [5, 6]]}, '
       '{"type": "tenline", "cells": [[3, 4], [4, 5], [5, 4], [4, 3]], "loop": true}]}'),
      "582437619136592478479168532768241953925683147341975286297354861814726395653819724"),
    # KlimesovaLucie/SudokuGraphicCreator SudokuGraphicCreator/SudokuGraphicCreator.Tests/Rules/SolveSequencesTests.cs SolveSequence_OneSolution
    # (origin: not named there); its Sequences line at (row, col) (1, 7), (2, 8), (3, 8), 0-based: 1 2 3 in the solution
    P("sequence",
      "KlimesovaLucie/SudokuGraphicCreator SudokuGraphicCreator/SudokuGraphicCreator.Tests/Rules/SolveSequencesTests.cs SolveSequence_OneSolution",
      ('{"givens": "100000000000200810005103002020600003000800740000700005000502006000900170800000000", "co'
       'nstraints": [{"type": "sequence", "cells": [[1, 7], [2, 8], [3, 8]]}]}'),
      "162498537374256819985173462527641983639825741418739625741582396253964178896317254"),
    # issue 41, differences-count and Fibonacci lines (branch kinds-diff)
    # SakanaAI/Sudoku-Bench challenge_100 (Hugging Face dataset; encoded_puzzle and solution as published there),
    # puzzle_id sxsm_MattTressel_2e7aeae3cb221bf7de68c12442fd5ede: "Fibonacci Lines" by Matt Tressel
    # (copied in Hubiele/Sudoku-Bench Sudoku-Bench_json_conversion/challenge/puzzle_0043.json @9ab46194); its SudokuPad link
    # (tests/data/sudokupad/real.jsonl line 25) read as a document: its 11 blue lines, e.g. r9c7-r7c9: 1 2 3 5 8 in the solution
    P("fibonacci",
      "SakanaAI/Sudoku-Bench challenge_100 puzzle_id sxsm_MattTressel_2e7aeae3cb221bf7de68c12442fd5ede",
      ('{"givens": ".................................................................................", "con'
       'straints": [{"type": "fibonacci", "cells": [[8, 6], [7, 6], [6, 6], [6, 7], [6, 8]]}, {"type": "fibo'
       'nacci", "cells": [[0, 2], [1, 2], [2, 2], [2, 1], [2, 0]]}, {"type": "fibonacci", "cells": [[4, 2], '
       '[4, 3], [4, 4], [4, 5], [4, 6]]}, {"type": "fibonacci", "cells": [[8, 0], [7, 0], [7, 1], [8, 1]]}, '
       '{"type": "fibonacci", "cells": [[0, 7], [1, 7], [1, 8], [0, 8]]}, {"type": "fibonacci", "cells": [[3'
       ', 1], [4, 1], [5, 1]]}, {"type": "fibonacci", "cells": [[3, 7], [4, 7], [5, 7]]}, {"type": "fibonacc'
       'i", "cells": [[7, 3], [7, 4], [7, 5]]}, {"type": "fibonacci", "cells": [[1, 3], [1, 4], [1, 5]]}, {"'
       'type": "fibonacci", "cells": [[5, 0], [6, 0], [6, 1]]}, {"type": "fibonacci", "cells": [[5, 2], [5, '
       '3], [6, 3]]}]}'),
      "978362415645871923123954786894716532761235849532498671419627358357189264286543197"),
    # SakanaAI/Sudoku-Bench challenge_100 (Hugging Face dataset; encoded_puzzle and solution as published there),
    # puzzle_id sxsm_SujoykuandMartySears_d7635138763996b4af8378b8ae923c8f: "Differences Count - part 1" by Sujoyku and Marty Sears
    # (copied in Hubiele/Sudoku-Bench Sudoku-Bench_json_conversion/challenge/puzzle_0082.json @9ab46194); its SudokuPad link
    # (tests/data/sudokupad/real.jsonl line 64) read as a document: a black 1:2 dot, a green and a purple line
    P("diffcount",
      "SakanaAI/Sudoku-Bench challenge_100 puzzle_id sxsm_SujoykuandMartySears_d7635138763996b4af8378b8ae923c8f",
      ('{"size": 4, "givens": "................", "box": [2, 2], "constraints": [{"type": "kropki", "cells":'
       ' [[3, 0], [3, 1]], "color": "black"}, {"type": "diffcount", "cells": [[2, 0], [2, 1], [3, 2]]}, {"ty'
       'pe": "diffcount", "cells": [[1, 1], [1, 2], [2, 3], [3, 3]]}]}'),
      "1342241331244231"),
    # SakanaAI/Sudoku-Bench challenge_100 (Hugging Face dataset; encoded_puzzle and solution as published there),
    # puzzle_id sxsm_SujoykuandMartySears_afc27f9a61c48f209cbef0310385b36c: "Differences Count - part 2" by Sujoyku and Marty Sears
    # (copied in Hubiele/Sudoku-Bench Sudoku-Bench_json_conversion/challenge/puzzle_0094.json @9ab46194); its SudokuPad link
    # (tests/data/sudokupad/real.jsonl line 76) read as a document: a black 1:2 dot, purple, blue, green and orange lines
    P("diffcount",
      "SakanaAI/Sudoku-Bench challenge_100 puzzle_id sxsm_SujoykuandMartySears_afc27f9a61c48f209cbef0310385b36c",
      ('{"size": 6, "givens": "....................................", "box": [2, 3], "constraints": [{"type"'
       ': "kropki", "cells": [[1, 2], [1, 3]], "color": "black"}, {"type": "diffcount", "cells": [[0, 0], [0'
       ', 1], [1, 2]]}, {"type": "diffcount", "cells": [[5, 5], [4, 5], [3, 4], [2, 4], [3, 3]]}, {"type": "'
       'diffcount", "cells": [[2, 5], [1, 5], [1, 4], [1, 3], [2, 2]]}, {"type": "diffcount", "cells": [[2, '
       '1], [3, 2], [4, 3], [4, 4], [3, 5]]}, {"type": "diffcount", "cells": [[4, 1], [3, 1], [2, 0]]}]}'),
      "643125152436521643436512315264264351"),
    # SakanaAI/Sudoku-Bench challenge_100 (Hugging Face dataset; encoded_puzzle and solution as published there), puzzle_id
    # sxsm_MartySears_580c6fdbbba9bfb0e71ae19044f02d4c: "Parity Fish" by Marty Sears (real.jsonl's line of it, whose red
    # lines are only in its background image): the white and black dots from its SudokuPad link, and its three red
    # parity lines as a public file transcribed them from the image (PARITY_EDGES; `find_string` file id 60975373167,
    # "PUZZLE_TITLE = 'Parity Fish'"), joined into lines; the solution is Sudoku-Bench's
    P("parityline",
      "SakanaAI/Sudoku-Bench challenge_100 sxsm_MartySears_580c6fdbbba9bfb0e71ae19044f02d4c \"Parity Fish\"",
      (
       "{\"givens\": \".................................................................................\", \"con"
       "straints\": [{\"type\": \"kropki\", \"cells\": [[0, 0], [1, 0]], \"color\": \"white\"}, {\"type\": \"kropki\", \"cel"
       "ls\": [[0, 1], [0, 2]], \"color\": \"white\"}, {\"type\": \"kropki\", \"cells\": [[0, 3], [1, 3]], \"color\": \"wh"
       "ite\"}, {\"type\": \"kropki\", \"cells\": [[0, 4], [1, 4]], \"color\": \"white\"}, {\"type\": \"kropki\", \"cells\": "
       "[[1, 2], [2, 2]], \"color\": \"black\"}, {\"type\": \"kropki\", \"cells\": [[1, 6], [2, 6]], \"color\": \"white\"}"
       ", {\"type\": \"kropki\", \"cells\": [[2, 1], [3, 1]], \"color\": \"black\"}, {\"type\": \"kropki\", \"cells\": [[3, "
       "6], [3, 7]], \"color\": \"black\"}, {\"type\": \"kropki\", \"cells\": [[3, 7], [3, 8]], \"color\": \"white\"}, {\"t"
       "ype\": \"kropki\", \"cells\": [[4, 0], [4, 1]], \"color\": \"white\"}, {\"type\": \"kropki\", \"cells\": [[4, 7], ["
       "4, 8]], \"color\": \"white\"}, {\"type\": \"kropki\", \"cells\": [[5, 7], [5, 8]], \"color\": \"white\"}, {\"type\":"
       " \"kropki\", \"cells\": [[6, 0], [6, 1]], \"color\": \"white\"}, {\"type\": \"kropki\", \"cells\": [[6, 0], [7, 0]"
       "], \"color\": \"white\"}, {\"type\": \"kropki\", \"cells\": [[6, 5], [7, 5]], \"color\": \"white\"}, {\"type\": \"kro"
       "pki\", \"cells\": [[6, 6], [6, 7]], \"color\": \"white\"}, {\"type\": \"kropki\", \"cells\": [[7, 2], [8, 2]], \"c"
       "olor\": \"white\"}, {\"type\": \"kropki\", \"cells\": [[7, 4], [7, 5]], \"color\": \"white\"}, {\"type\": \"kropki\","
       " \"cells\": [[7, 7], [8, 7]], \"color\": \"black\"}, {\"type\": \"kropki\", \"cells\": [[8, 1], [8, 2]], \"color\""
       ": \"black\"}, {\"type\": \"kropki\", \"cells\": [[8, 7], [8, 8]], \"color\": \"white\"}, {\"type\": \"parityline\", "
       "\"cells\": [[2, 1], [2, 2], [2, 3], [2, 4], [2, 5], [3, 6], [4, 7], [5, 6], [6, 5], [6, 4], [6, 3], [6"
       ", 2], [6, 1]]}, {\"type\": \"parityline\", \"cells\": [[3, 0], [3, 1], [4, 2], [5, 3], [6, 3]]}, {\"type\": "
       "\"parityline\", \"cells\": [[5, 0], [5, 1], [4, 2], [3, 3], [2, 3]]}]}"),
      "854369172976251834123478956419582367568937421237146598785694213691823745342715689"),
    # SakanaAI/Sudoku-Bench challenge_100 (Hugging Face dataset; encoded_puzzle and solution as published there), puzzle_id
    # sxsm_sujoyku_fe6dc92cb04d25b5826538b1b74b24c5: "Who knew?" by sujoyku (https://sudokupad.app/bkl8xd9iu6; real.jsonl's
    # line of it); its turquoise index lines from their diamonds, green German whispers (at least 5), purple renban
    P("indexline",
      "SakanaAI/Sudoku-Bench challenge_100 sxsm_sujoyku_fe6dc92cb04d25b5826538b1b74b24c5 \"Who knew?\"",
      ('{"givens": ".................................................................................", "co'
       'nstraints": [{"type": "whispers", "cells": [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]]}, {"type": "whi'
       'spers", "cells": [[2, 7], [3, 8], [4, 7], [5, 8], [6, 7]]}, {"type": "whispers", "cells": [[7, 1], '
       '[7, 2], [6, 3]]}, {"type": "renban", "cells": [[8, 4], [8, 5], [8, 6], [8, 7], [8, 8]]}, {"type": "'
       'renban", "cells": [[6, 1], [5, 0], [4, 1], [3, 0], [2, 1]]}, {"type": "renban", "cells": [[2, 5], ['
       '1, 6], [1, 7]]}, {"type": "indexline", "cells": [[0, 5], [0, 6], [0, 7], [0, 8], [1, 8], [2, 8]]}, '
       '{"type": "indexline", "cells": [[8, 3], [8, 2], [8, 1], [8, 0], [7, 0], [6, 0]]}, {"type": "indexli'
       'ne", "cells": [[1, 0], [1, 1], [2, 2], [1, 3], [1, 4]]}, {"type": "indexline", "cells": [[4, 2], [5'
       ', 3], [6, 4], [6, 5], [5, 6], [5, 7]]}]}'),
      "729384651146259873853716942417623589965871324382495167578932416691547238234168795"),
    # SakanaAI/Sudoku-Bench challenge_100 (Hugging Face dataset; encoded_puzzle and solution as published there), puzzle_id
    # sxsm_MichaelLefkowitz_8d607a9cd510c988a3a7a7409cab75af: "Clear Skies" by Michael Lefkowitz
    # (https://sudokupad.app/ydxblsaf0f; real.jsonl's line of it); its three suns
    P("sunburn",
      "SakanaAI/Sudoku-Bench challenge_100 sxsm_MichaelLefkowitz_8d607a9cd510c988a3a7a7409cab75af \"Clear Skies\"",
      '{"givens": "................", "constraints": [{"type": "sunburn", "cells": [[1, 1], [1, 3], [2, 3]]}]}',
      "3421124323144132"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Neighbor Sums"
    # @2e386f8d893c31906b50a78d87b8b7a4372e8445 (shown there as "Sum cages"; origin as that file names it:
    # https://www.youtube.com/watch?v=gxuYWm8Unss, https://tinyurl.com/59b9nba9): 44 two-cell Sum constraints,
    # no givens; each pair of neighbours adds up to its number (none can repeat here: each pair shares a line)
    P("sumcage",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Neighbor Sums\"",
      ('{"givens": ".................................................................................", "con'
       'straints": [{"type": "sumcage", "cells": [[0, 4], [0, 5]], "sum": 3}, {"type": "sumcage", "cells": ['
       '[1, 5], [0, 5]], "sum": 4}, {"type": "sumcage", "cells": [[1, 6], [1, 5]], "sum": 5}, {"type": "sumc'
       'age", "cells": [[2, 6], [1, 6]], "sum": 3}, {"type": "sumcage", "cells": [[2, 7], [2, 6]], "sum": 4}'
       ', {"type": "sumcage", "cells": [[3, 7], [2, 7]], "sum": 5}, {"type": "sumcage", "cells": [[3, 8], [3'
       ', 7]], "sum": 3}, {"type": "sumcage", "cells": [[4, 8], [3, 8]], "sum": 4}, {"type": "sumcage", "cel'
       'ls": [[5, 0], [4, 0]], "sum": 5}, {"type": "sumcage", "cells": [[5, 0], [5, 1]], "sum": 7}, {"type":'
       ' "sumcage", "cells": [[5, 1], [6, 1]], "sum": 6}, {"type": "sumcage", "cells": [[6, 2], [6, 1]], "su'
       'm": 5}, {"type": "sumcage", "cells": [[7, 2], [6, 2]], "sum": 7}, {"type": "sumcage", "cells": [[7, '
       '3], [7, 2]], "sum": 6}, {"type": "sumcage", "cells": [[7, 3], [8, 3]], "sum": 5}, {"type": "sumcage"'
       ', "cells": [[8, 4], [8, 3]], "sum": 7}, {"type": "sumcage", "cells": [[1, 3], [2, 3]], "sum": 10}, {'
       '"type": "sumcage", "cells": [[2, 3], [2, 4]], "sum": 11}, {"type": "sumcage", "cells": [[3, 4], [2, '
       '4]], "sum": 10}, {"type": "sumcage", "cells": [[3, 4], [3, 5]], "sum": 11}, {"type": "sumcage", "cel'
       'ls": [[3, 5], [4, 5]], "sum": 12}, {"type": "sumcage", "cells": [[4, 6], [4, 5]], "sum": 10}, {"type'
       '": "sumcage", "cells": [[5, 6], [4, 6]], "sum": 11}, {"type": "sumcage", "cells": [[5, 7], [5, 6]], '
       '"sum": 12}, {"type": "sumcage", "cells": [[5, 3], [5, 4]], "sum": 15}, {"type": "sumcage", "cells": '
       '[[5, 4], [6, 4]], "sum": 14}, {"type": "sumcage", "cells": [[4, 3], [5, 3]], "sum": 14}, {"type": "s'
       'umcage", "cells": [[4, 2], [4, 3]], "sum": 13}, {"type": "sumcage", "cells": [[6, 5], [6, 4]], "sum"'
       ': 15}, {"type": "sumcage", "cells": [[7, 5], [6, 5]], "sum": 13}, {"type": "sumcage", "cells": [[3, '
       '2], [4, 2]], "sum": 14}, {"type": "sumcage", "cells": [[3, 2], [3, 1]], "sum": 15}, {"type": "sumcag'
       'e", "cells": [[5, 8], [6, 8]], "sum": 13}, {"type": "sumcage", "cells": [[6, 7], [6, 8]], "sum": 9},'
       ' {"type": "sumcage", "cells": [[6, 7], [7, 7]], "sum": 5}, {"type": "sumcage", "cells": [[7, 7], [7,'
       ' 6]], "sum": 4}, {"type": "sumcage", "cells": [[8, 6], [7, 6]], "sum": 11}, {"type": "sumcage", "cel'
       'ls": [[8, 5], [8, 6]], "sum": 17}, {"type": "sumcage", "cells": [[2, 0], [3, 0]], "sum": 13}, {"type'
       '": "sumcage", "cells": [[2, 1], [2, 0]], "sum": 14}, {"type": "sumcage", "cells": [[1, 1], [2, 1]], '
       '"sum": 11}, {"type": "sumcage", "cells": [[1, 1], [1, 2]], "sum": 12}, {"type": "sumcage", "cells": '
       '[[0, 2], [1, 2]], "sum": 16}, {"type": "sumcage", "cells": [[0, 3], [0, 2]], "sum": 17}]}'),
      "439821756157693284862475139596738421278514693341962578623187945984256317715349862"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js "Magic square" (commit e373f9811c087246b097eb444d838ab492c55f35;
    # its sources there: https://www.youtube.com/watch?v=hAyZ9K2EBF0, https://sudokupad.app/2QM8JHJ4HB): anti-knight,
    # both diagonals, the central box a magic square (its EqualSum constraint over the box's rows, columns and
    # diagonals), givens r4c1-3 = 3 8 4 and r9c9 = 2; the solution as published there (unique here)
    P("magicsquare",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Magic square\"",
      ('{"givens": "...........................384..................................................2", "con'
       'straints": [{"type": "antiknight"}, {"type": "diagonal"}, {"type": "magicsquare", "cells": [[3, 3], '
       '[3, 4], [3, 5], [4, 3], [4, 4], [4, 5], [5, 3], [5, 4], [5, 5]]}]}'),
      "843567219275913846619428375384672951726159483951834627537286194462791538198345762"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js @ e373f9811c087246b097eb444d838ab492c55f35, entry
    # "[New Constraint] Entropy Sudoku" (shown there as 'Global entropy'; its source there:
    # https://logic-masters.de/Raetselportal/Raetsel/zeigen.php?id=0008G7): GlobalEntropy and 16 givens
    # (R1C1_8 ... R9C1_2); the solution as published there
    P("globalentropy",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"[New Constraint] Entropy Sudoku\"",
      ('{"givens": "8.......7............9.5.....56.89.............61.94.....7.3............2.......4", "con'
       'straints": [{"type": "globalentropy"}]}'),
      "891234567534867291672915348315648972948372615726159483459783126183426759267591834"),
    # sigh/Interactive-Sudoku-Solver data/example_puzzles.js @ e373f9811c087246b097eb444d838ab492c55f35, entry
    # "Global mod 3" (its source there: https://sudokupad.app/l74hg3flzp): GlobalMod, five cages (Cage: killer
    # cages), four X and two V (not all given: no StrictXV), no givens; the solution as published there
    P("globalmod",
      "sigh/Interactive-Sudoku-Solver data/example_puzzles.js \"Global mod 3\"",
      ('{"givens": ".................................................................................", "con'
       'straints": [{"type": "globalmod"}, {"type": "killer", "cells": [[0, 0], [0, 1]], "sum": 15}, {"type"'
       ': "killer", "cells": [[0, 3], [1, 3]], "sum": 6}, {"type": "killer", "cells": [[2, 0], [3, 0]], "sum'
       '": 7}, {"type": "killer", "cells": [[7, 5], [8, 5]], "sum": 12}, {"type": "killer", "cells": [[7, 6]'
       ', [7, 7]], "sum": 8}, {"type": "xv", "cells": [[0, 6], [1, 6]], "value": "X"}, {"type": "xv", "cells'
       '": [[4, 3], [5, 3]], "value": "X"}, {"type": "xv", "cells": [[4, 4], [5, 4]], "value": "X"}, {"type"'
       ': "xv", "cells": [[7, 2], [8, 2]], "value": "X"}, {"type": "xv", "cells": [[3, 3], [3, 4]], "value":'
       ' "V"}, {"type": "xv", "cells": [[4, 6], [5, 6]], "value": "V"}]}'),
      "879162354621543798435987216387419562196235487254876139943621875518794623762358941"),
    # tests/data/sudokupad/real.jsonl line 75 (0-based row 74): "Cornered Parity" by Lulero, SakanaAI/Sudoku-Bench
    # challenge_100 puzzle_id sxsm_Lulero_64d38aa33c0cc962c7d6e6c7ff3ffe01 (short link https://sudokupad.app/378yd1xsg9):
    # its six cages and two thermometers as its SudokuPad link holds them, the rules text's "in every row and column,
    # strings of 3 digits are never all even nor all odd" as parity runs of 3; the solution as published there
    P("parityrun",
      "tests/data/sudokupad/real.jsonl \"Cornered Parity\"",
      ('{"givens": "....................................", "box": [2, 3], "constraints": [{"type": "killer",'
       ' "cells": [[0, 0], [1, 0]], "sum": 6}, {"type": "killer", "cells": [[5, 4], [5, 5]], "sum": 6}, {"ty'
       'pe": "killer", "cells": [[3, 5], [4, 5]], "sum": 7}, {"type": "killer", "cells": [[0, 5], [1, 5]], "'
       'sum": 7}, {"type": "killer", "cells": [[0, 3], [1, 3]], "sum": 7}, {"type": "killer", "cells": [[2, '
       '2], [3, 2]], "sum": 7}, {"type": "thermometer", "cells": [[4, 3], [3, 4]]}, {"type": "thermometer", '
       '"cells": [[2, 0], [3, 0]]}, {"type": "parityrun", "length": 3}]}'),
      "213645456132145263632451524316361524"),
    # SakanaAI/Sudoku-Bench challenge_100 (Hugging Face dataset; encoded_puzzle and solution as published there), puzzle_id
    # fpuzzle1af29b63a089b89a8e0fee8c362d5919: "Stolen Numerals XVII-5" by NurglesGift (https://sudokupad.app/2x8kudzx5k;
    # tests/data/sudokupad/real.jsonl line 45, an f-puzzles payload in a SudokuPad link): its ruleset "Cells connected by
    # an X must sum to 10. Cells connected by an V must sum to 5. The green dots are either X or V. All X's and V's are
    # given. Cells connected by an blue square must sum to 7. All blue squares are given."; its f-puzzles "negative":
    # ["xv"], two green circles (5 or 10) and sixteen cyan rectangles (7) on edges, no givens
    P("sumdot",
      "SakanaAI/Sudoku-Bench challenge_100 fpuzzle1af29b63a089b89a8e0fee8c362d5919 \"Stolen Numerals XVII-5\"",
      ('{"givens": ".................................................................................", "con'
       'straints": [{"type": "xv-negative"}, {"type": "sumdot-negative", "sums": [7]}, {"type": "sumdot", "c'
       'ells": [[7, 5], [8, 5]], "sums": [5, 10]}, {"type": "sumdot", "cells": [[8, 5], [8, 6]], "sums": [5,'
       ' 10]}, {"type": "sumdot", "cells": [[0, 8], [1, 8]], "sums": [7]}, {"type": "sumdot", "cells": [[0, '
       '6], [1, 6]], "sums": [7]}, {"type": "sumdot", "cells": [[3, 6], [3, 7]], "sums": [7]}, {"type": "sum'
       'dot", "cells": [[3, 0], [4, 0]], "sums": [7]}, {"type": "sumdot", "cells": [[4, 2], [4, 3]], "sums":'
       ' [7]}, {"type": "sumdot", "cells": [[3, 8], [4, 8]], "sums": [7]}, {"type": "sumdot", "cells": [[5, '
       '0], [5, 1]], "sums": [7]}, {"type": "sumdot", "cells": [[4, 2], [5, 2]], "sums": [7]}, {"type": "sum'
       'dot", "cells": [[6, 1], [6, 2]], "sums": [7]}, {"type": "sumdot", "cells": [[5, 1], [6, 1]], "sums":'
       ' [7]}, {"type": "sumdot", "cells": [[6, 5], [6, 6]], "sums": [7]}, {"type": "sumdot", "cells": [[7, '
       '7], [8, 7]], "sums": [7]}, {"type": "sumdot", "cells": [[6, 6], [7, 6]], "sums": [7]}, {"type": "sum'
       'dot", "cells": [[8, 2], [8, 3]], "sums": [7]}, {"type": "sumdot", "cells": [[4, 7], [5, 7]], "sums":'
       ' [7]}, {"type": "sumdot", "cells": [[3, 4], [4, 4]], "sums": [7]}]}'),
      "978421365315968472624753981297845613581639724436217859843172596159386247762594138"),
    # tests/data/sudokupad/real.jsonl row 48 (0-based; line 49), its source there: SakanaAI/Sudoku-Bench challenge_100
    # puzzle_id fpuzzle5ba33451d4eb8ab52c43ce8212dbb78e, "Killer Sudoku..." by Sayori (https://sudokupad.app/t0rre97uwe):
    # its f-puzzles cages as that link reads (no givens; the rules text: 'note that "<" means less than, and ">" means
    # greater than. A "?" means a single digit total, and a "??" means a double digit total'): six killer cages with no
    # sum, "?" (1..9), "??" (10..99), "<?" (below a one-digit number: at most 8) and ">??" (above a two-digit number: at
    # least 11); the solution as published there (unique here)
    P("boundcage",
      "tests/data/sudokupad/real.jsonl row 48 SakanaAI/Sudoku-Bench challenge_100 \"Killer Sudoku...\"",
      ('{"givens": ".................................................................................", "con'
       'straints": [{"type": "killer", "cells": [[3, 2], [4, 2], [5, 2], [5, 3], [6, 3], [7, 3], [8, 3]]}, {'
       '"type": "killer", "cells": [[1, 5], [1, 6], [1, 7], [2, 4], [2, 5], [3, 4], [4, 4]]}, {"type": "kill'
       'er", "cells": [[5, 6], [5, 7], [6, 5], [6, 6]]}, {"type": "killer", "cells": [[0, 2], [0, 3], [1, 2]'
       ', [2, 0], [2, 1], [2, 2], [3, 0]]}, {"type": "killer", "cells": [[3, 1], [4, 1], [5, 0], [5, 1], [6,'
       ' 0], [7, 0]]}, {"type": "killer", "cells": [[3, 5], [3, 6], [4, 5], [4, 6]]}, {"type": "boundcage", '
       '"cells": [[2, 6], [2, 7], [2, 8]], "low": 1, "high": 9}, {"type": "boundcage", "cells": [[0, 1], [1,'
       ' 1]], "low": 10, "high": 99}, {"type": "boundcage", "cells": [[0, 0], [1, 0]], "low": 10, "high": 99'
       '}, {"type": "boundcage", "cells": [[6, 2], [7, 2], [8, 2]], "low": 1, "high": 9}, {"type": "boundcag'
       'e", "cells": [[1, 3], [2, 3]], "low": 1, "high": 9}, {"type": "boundcage", "cells": [[3, 3], [4, 3]]'
       ', "high": 8, "clue": "<?"}, {"type": "boundcage", "cells": [[5, 4], [5, 5], [6, 4]], "high": 8, "clu'
       'e": "<?"}, {"type": "boundcage", "cells": [[7, 5], [8, 5]], "high": 8, "clue": "<?"}, {"type": "boun'
       'dcage", "cells": [[0, 4], [1, 4]], "high": 8, "clue": "<?"}, {"type": "boundcage", "cells": [[7, 1],'
       ' [8, 1]], "low": 10, "high": 99}, {"type": "boundcage", "cells": [[4, 8], [5, 8]], "low": 1, "high":'
       ' 9}, {"type": "boundcage", "cells": [[3, 7], [3, 8], [4, 7]], "low": 1, "high": 9}, {"type": "boundc'
       'age", "cells": [[8, 7], [8, 8]], "low": 1, "high": 9}, {"type": "boundcage", "cells": [[7, 6], [8, 6'
       ']], "low": 11, "clue": ">??"}, {"type": "boundcage", "cells": [[7, 7], [7, 8]], "low": 10, "high": 9'
       '9}]}'),
      "421639578687125394359874126246587913935261847178943652564718239813492765792356481"),
    # tests/data/sudokupad/real.jsonl row 8 (0-based; line 9), its source there: SakanaAI/Sudoku-Bench challenge_100
    # puzzle_id sxsm_AadvandeWetering_2f8b2a4129d1adfc0a51da6fe6ef26ed, "Four Triangles" by Aad van de Wetering
    # (https://sudokupad.app/ei2pkdyk0w): its sixteen green lines of four cells as that link reads, each its first two
    # cells and its last two (the rules text: "In each line of four cells the sum of the first two digits equals the
    # sum of the last two digits."), and its five givens; the solution as published there (unique here)
    P("equalsum",
      "tests/data/sudokupad/real.jsonl row 8 SakanaAI/Sudoku-Bench challenge_100 \"Four Triangles\"",
      ('{"givens": ".........................6.................5...8...2...........2.................", "con'
       'straints": [{"type": "equalsum", "groups": [[[4, 0], [4, 1]], [[4, 2], [4, 3]]]}, {"type": "equalsum'
       '", "groups": [[[4, 5], [4, 6]], [[4, 7], [4, 8]]]}, {"type": "equalsum", "groups": [[[5, 4], [6, 4]]'
       ', [[7, 4], [8, 4]]]}, {"type": "equalsum", "groups": [[[3, 4], [2, 4]], [[1, 4], [0, 4]]]}, {"type":'
       ' "equalsum", "groups": [[[0, 5], [1, 5]], [[2, 5], [3, 5]]]}, {"type": "equalsum", "groups": [[[3, 5'
       '], [3, 6]], [[3, 7], [3, 8]]]}, {"type": "equalsum", "groups": [[[0, 5], [1, 6]], [[2, 7], [3, 8]]]}'
       ', {"type": "equalsum", "groups": [[[0, 3], [1, 3]], [[2, 3], [3, 3]]]}, {"type": "equalsum", "groups'
       '": [[[3, 0], [3, 1]], [[3, 2], [3, 3]]]}, {"type": "equalsum", "groups": [[[0, 3], [1, 2]], [[2, 1],'
       ' [3, 0]]]}, {"type": "equalsum", "groups": [[[5, 3], [6, 3]], [[7, 3], [8, 3]]]}, {"type": "equalsum'
       '", "groups": [[[5, 5], [6, 5]], [[7, 5], [8, 5]]]}, {"type": "equalsum", "groups": [[[5, 5], [5, 6]]'
       ', [[5, 7], [5, 8]]]}, {"type": "equalsum", "groups": [[[5, 3], [5, 2]], [[5, 1], [5, 0]]]}, {"type":'
       ' "equalsum", "groups": [[[8, 5], [7, 6]], [[6, 7], [5, 8]]]}, {"type": "equalsum", "groups": [[[5, 0'
       '], [6, 1]], [[7, 2], [8, 3]]]}]}'),
      "539864172726139548184725369615278493472913856398456217947582631261347985853691724"),
]
