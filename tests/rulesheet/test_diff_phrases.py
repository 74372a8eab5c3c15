"""What ``sevens diff`` says, and the differences a house rule's sheet lists, as phrases.

Each diff row: the old and the new built-in, a language, a phrase the diff must say (``^``:
how it begins) and one it must not.  Each sheet row: a built-in whose sheet lists its
differences from its parent, a language, and the same two phrases.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import assert_diff_says, assert_sheet_says

DIFF_CASES = [
    # Swedish rank runs take the definite forms
    (
        "devyatka",
        "domino",
        "sv",
        "Valörer: från tvåan till esset i stället för från sexan till esset.",
        "",
    ),
    # Portuguese says "e não" without a stranded preposition, and names the games in quotes
    (
        "devyatka",
        "domino",
        "pt",
        "Cartas de cada naipe: do 2 ao ás, e não do 6 ao ás.",
        "em vez de do",
    ),
    ("devyatka", "domino", "pt", "^Em comparação com “Deviatka”, “Dominó” muda estas regras:", ""),
    # the draw from the stock, and a pack that gains ranks
    (
        "fan-tan",
        "elfer-raus",
        "pt",
        "Agora, quem não pode jogar compra do monte uma carta de cada vez, no máximo três, e tem de"
        " jogar a primeira carta comprada que couber.",
        "",
    ),
    (
        "fan-tan",
        "elfer-raus",
        "sv",
        "Den som inte kan spela drar nu kort från talongen, ett i taget och högst tre, och måste"
        " spela det första dragna kortet som passar.",
        "",
    ),
    ("cinquillo", "seises", "pt", "O baralho agora também tem os 8 e os 9 de cada naipe", ""),
    # yes/no settings are said as what changed, never "yes instead of no"
    (
        "parliament",
        "turn-the-corner",
        "en",
        "- Rows may now turn the corner: a row may go on past its highest card to its lowest"
        " and the other way round (… Q, K, A, 2, 3 …).",
        "yes instead of",
    ),
    ("parliament", "turn-the-corner", "en", "", "no instead of"),
    ("turn-the-corner", "parliament", "en", "- Rows no longer turn the corner.", "yes instead of"),
    ("turn-the-corner", "parliament", "en", "", "no instead of"),
    (
        "parliament",
        "voluntary-pass",
        "en",
        "- You may now pass even when you could play.",
        "yes instead of",
    ),
    ("parliament", "voluntary-pass", "en", "", "no instead of"),
    (
        "voluntary-pass",
        "parliament",
        "en",
        "- You may no longer pass when you could play.",
        "yes instead of",
    ),
    ("voluntary-pass", "parliament", "en", "", "no instead of"),
    (
        "parliament",
        "ristiseiska",
        "en",
        "- The game is no longer played for chips but for points.",
        "yes instead of",
    ),
    ("parliament", "ristiseiska", "en", "", "no instead of"),
    ("ristiseiska", "parliament", "en", "- The game is now played for chips.", "yes instead of"),
    ("ristiseiska", "parliament", "en", "", "no instead of"),
    # the pack: ranks in a run as a range, with a gap as runs, added or removed by name
    ("fan-tan", "devyatka", "en", "- Ranks: 6 to ace instead of 2 to ace.", ""),
    ("fan-tan", "elfer-raus", "en", "- Ranks: 1 to 20 instead of 2 to ace.", ""),
    ("fan-tan", "devyatka", "ru", "от шестёрки до туза", ""),
    ("fan-tan", "devyatka", "fr", "du 6 à l’as", ""),
    ("devyatka", "domino", "de", "- Ränge: 2 bis Ass statt 6 bis Ass.", ""),
    (
        "sevens",
        "cinquillo",
        "en",
        "- The ranks are now ace to 7, jack, knight and king (ten cards in each suit) instead of"
        " ace to king.",
        "- The pack",  # a Spanish 1 is not a French ace: no "now also has" line
    ),
    (
        "sevens",
        "cinquillo",
        "de",
        "- Die Ränge sind jetzt Ass bis 7, Bube, Reiter und König (zehn Karten pro Farbe) statt"
        " Ass bis König.",
        "",
    ),
    (
        "cinquillo",
        "seises",
        "en",
        "- The pack now also has the 8 and 9 of each suit (48 cards instead of 40).",
        "",
    ),
    (
        "cinquillo",
        "seises",
        "de",
        "- Jetzt sind auch die Ränge 8 und 9 dabei (48 statt 40 Karten).",
        "",
    ),
    (
        "cinquillo",
        "seises",
        "nl",
        "- De 8 en 9 van elke kleur doen nu ook mee (48 kaarten in plaats van 40).",
        "",
    ),
    (
        "cinquillo",
        "seises",
        "ru",
        "- Теперь в колоде есть также карты 8 и 9 каждой масти (48 карт вместо 40).",
        "",
    ),
    (
        "cinquillo",
        "seises",
        "es",
        "- La baraja incluye ahora también los 8 y los 9 de cada palo (48 cartas en vez de 40).",
        "",
    ),
    (
        "cinquillo",
        "seises",
        "fr",
        "- Le jeu comprend désormais aussi les 8 et les 9 de chaque couleur"
        " (48 cartes au lieu de 40).",
        "",
    ),
    (
        "cinquillo",
        "seises",
        "pt",
        "- O baralho agora também tem os 8 e os 9 de cada naipe (48 cartas em vez de 40).",
        "",
    ),
    (
        "seises",
        "cinquillo",
        "fr",
        "- Le jeu ne comprend plus les 8 et les 9 de chaque couleur (40 cartes au lieu de 48).",
        "",
    ),
    ("elfer-raus", "fan-tan", "pt", "- Cartas de cada naipe: do 2 ao ás, e não do 1 ao 20.", ""),
    ("elfer-raus", "fan-tan", "es", "- Cartas de cada palo: del 2 al as; antes, del 1 al 20.", ""),
    ("elfer-raus", "fan-tan", "en", "- Ranks: 2 to ace instead of 1 to 20.", ""),
    # no line for an ace that cannot move; an ace that moves is said
    ("sevens", "cinquillo", "en", "", "Ace: "),
    ("cinquillo", "sevens", "en", "", "Ace: "),
    ("dutch-fan-tan", "parliament", "en", "Ace: high instead of low.", ""),
    ("fan-tan", "ace-low", "en", "- Ace: low instead of high.", ""),
    # point values: the ranks named, no empty line, new picture cards valued
    ("sevens", "pip-scoring", "en", "the ace counts 15 instead of 1", ""),
    ("sevens", "pip-scoring", "fr", "l’as vaut 15 au lieu de 1, le valet vaut 11", ""),
    ("sevens", "pip-scoring", "es", "el as vale 15 en lugar de 1", ""),
    ("sevens", "pip-scoring", "de", "das Ass zählt 15 statt 1", ""),
    (
        "dutch-fan-tan",
        "pip-scoring",
        "sv",
        "Kortens poängvärden: esset 15 i stället för 1, knekten 11",
        "",
    ),
    ("fan-tan", "elfer-raus", "en", "Ranks: 1 to 20", "Point values of the cards: ."),
    ("fan-tan", "elfer-raus", "en", "", "Point values"),
    ("fan-tan", "elfer-raus", "en", "", "said in the same words"),
    (
        "cinquillo",
        "badam-satti",
        "en",
        "- Point values of the cards: A = 1, J = 11, Q = 12 and K = 13.",
        "said in the same words",
    ),
    # cards in conditions carry their article
    ("cinquillo", "cinquillo-fives", "es", "antes era el cinco de oros.", ""),
    # the deal in one sentence
    (
        "fan-tan",
        "elfer-raus",
        "en",
        "- Each player is now dealt an equal share of the cards, leaving at least 20 cards for"
        " the stock (before, all the cards were dealt).",
        "",
    ),
    (
        "fan-tan",
        "elfer-raus",
        "de",
        "- Jeder Spieler bekommt jetzt gleich viele Karten, und mindestens 20 Karten bleiben für"
        " den Nachziehstapel übrig (bisher wurden alle Karten ausgeteilt).",
        "",
    ),
    (
        "fan-tan",
        "elfer-raus",
        "ru",
        "- Теперь всем сдают поровну, а в колоде для добора остаётся хотя бы 20 карт"
        " (раньше сдавали все карты).",
        "",
    ),
    (
        "fan-tan",
        "elfer-raus",
        "ja",
        "- 全員に同じ枚数ずつ配り、山札に少なくとも20枚残すようになります"
        "（これまではカードを全部配っていました）。",
        "",
    ),
    # the draw and the best number of players as sentences, not bare numbers
    (
        "fan-tan",
        "elfer-raus",
        "en",
        # drawing is no option: the player who cannot play draws, and plays the first fit
        "- A player who cannot play now draws from the stock, one card at a time and at most"
        " three, and must play the first card drawn that fits.",
        "",
    ),
    (
        "fan-tan",
        "elfer-raus",
        "ru",
        "- Теперь тот, кому нечем ходить, берёт карты из колоды для добора по одной, но не больше"
        " трёх, и должен выложить первую подходящую.",
        "",
    ),
    (
        "fan-tan",
        "elfer-raus",
        "ja",
        "- 出せないときは、山札から1枚ずつ最大3枚まで引くようになり、出せるカードを引いたらそのカードを出さなければなりません。",
        "",
    ),
    ("fan-tan", "devyatka", "en", "- Best with three players (before: 4–6).", ""),
    ("fan-tan", "devyatka", "ja", "- おすすめの人数は3人になります（これまでは4〜6人）。", ""),
    (
        "fan-tan",
        "devyatka",
        "ru",
        "- Лучше всего теперь играть компанией из трёх человек (раньше — из 4–6).",
        "",
    ),
    # the opening card: dropped, new (not "instead of none"), chosen by the dealer
    (
        "devyatka",
        "domino",
        "en",
        "- There is no longer a fixed opening card; before, it was the 9 of diamonds (9♦).",
        "",
    ),
    (
        "devyatka",
        "domino",
        "fr",
        "- Il n’y a plus de carte d’ouverture fixe ; auparavant, c’était le 9 de carreau (9♦).",
        "",
    ),
    (
        "devyatka",
        "domino",
        "ru",
        "- Постоянной открывающей карты больше нет; раньше игру начинали с девятки бубен (9♦).",
        "",
    ),
    ("fan-tan", "devyatka", "en", "- There is now an opening card: the 9 of diamonds (9♦).", ""),
    ("fan-tan", "devyatka", "es", "- Ahora hay carta de salida: el nueve de diamantes (9♦).", ""),
    ("fan-tan", "devyatka", "sv", "- Nu finns det ett öppningskort: ruter nio (9♦).", ""),
    (
        "parliament",
        "dealer-seven",
        "en",
        "- The dealer now chooses the opening card from the 7 of clubs (7♣), the 7 of diamonds"
        " (7♦), the 7 of hearts (7♥) or the 7 of spades (7♠); before, it was always the 7 of"
        " diamonds (7♦).",
        "",
    ),
    (
        "parliament",
        "dealer-seven",
        "de",
        "- Jetzt bestimmt der Geber, welche Karte eröffnet: die Kreuz-7 (7♣), die Karo-7",
        "",
    ),
    # the first player: the first rule set is not called the second's base game
    (
        "devyatka",
        "domino",
        "en",
        "- First player: the player to the dealer's left instead of the holder of the"
        " opening card.",
        "jeu de base",
    ),
    (
        "devyatka",
        "domino",
        "fr",
        "- Premier joueur : désormais le joueur à gauche du donneur, et non plus le joueur"
        " qui a la carte d’ouverture.",
        "jeu de base",
    ),
    (
        "devyatka",
        "domino",
        "ru",
        "- Первый игрок: теперь игрок слева от сдающего, а не тот, у кого открывающая карта.",
        "было:",
    ),
    # Elfer raus!'s leader named as the sheet names it, not as a formula
    (
        "fan-tan",
        "elfer-raus",
        "de",
        "der Spieler mit der 11 der zuerst genannten Farbe",
        "für die gilt",
    ),
    (
        "fan-tan",
        "elfer-raus",
        "nl",
        "de speler met de 11 van de kleur die als eerste genoemd is",
        "waarvoor geldt",
    ),
    (
        "fan-tan",
        "elfer-raus",
        "en",
        "the player holding the 11 of the colour listed first",
        "for which",
    ),
    # Domino's starting rank, the first card's, is one line
    (
        "devyatka",
        "domino",
        "en",
        "- The rows no longer start from the 9: the first card played may be"
        " any card, and its rank starts every row.",
        "",
    ),
    (
        "fan-tan",
        "domino",
        "en",
        "- The rows no longer start from the 7: the first card played may be"
        " any card, and its rank starts every row.",
        "",
    ),
    (
        "devyatka",
        "domino",
        "de",
        "- Die Reihen beginnen nicht mehr bei der 9: Als erste Karte darf jede"
        " beliebige ausgespielt werden, und ihr Rang wird zum Startrang aller Reihen.",
        "",
    ),
    (
        "devyatka",
        "domino",
        "sv",
        "- Raderna börjar inte längre på nian: första kortet som spelas får vara"
        " vilket kort som helst, och dess valör blir startvalör för alla rader.",
        "",
    ),
    # the starting rank: Russian names it by its noun, English and Swedish keep the digit
    (
        "fan-tan",
        "devyatka",
        "ru",
        "- Начальное достоинство рядов: теперь девятка, а не семёрка.",
        "",
    ),
    ("fan-tan", "devyatka", "en", "- Starting rank of the rows: 9 instead of 7.", ""),
    ("fan-tan", "devyatka", "sv", "- Radernas startvalör: 9 i stället för 7.", ""),
    # extra cards said as the sheet says them
    (
        "fan-tan",
        "kartendomino",
        "en",
        "- On your turn you may play as many cards as you like",
        "An extra card may follow when",
    ),
    ("fan-tan", "kartendomino", "en", "", "The extra card is optional"),
    (
        "parliament",
        "play-or-pay",
        "en",
        "- Whoever completes a row must immediately start a new one",
        "",
    ),
    (
        "parliament",
        "ristiseiska",
        "en",
        "- Whoever plays an ace or a king may immediately play one more card.",
        "",
    ),
    # the compulsory 7 is the only new play rule of Mandatory 7
    (
        "parliament",
        "mandatory-seven",
        "en",
        "- You must now play a 7 before any other card whenever you hold one.",
        "",
    ),
    (
        "parliament",
        "mandatory-seven",
        "de",
        "- Wenn du eine 7 auf der Hand hast, musst du jetzt vor jeder anderen Karte eine 7 legen.",
        "",
    ),
    (
        "parliament",
        "mandatory-seven",
        "fr",
        "- Si vous avez un 7 en main, vous devez désormais jouer un 7 avant toute autre carte.",
        "",
    ),
    # penalties and pass limits dropped say "no longer"
    (
        "ristiseiska",
        "ristiseiska-bga",
        "en",
        "- There is no longer a penalty for having to pass (before: the player before you"
        " gives you one card of their choice).",
        "",
    ),
    (
        "ristiseiska",
        "ristiseiska-bga",
        "es",
        "- Ya no hay penalización por tener que pasar (antes: el jugador que juega antes que"
        " tú te da una carta de su elección).",
        "",
    ),
    (
        "shichi-narabe",
        "pai-qi",
        "en",
        "- There is no longer a limit on passes (before, 3 per deal).",
        "Most passes",
    ),
    ("shichi-narabe", "pai-qi", "en", "", "After the last allowed pass"),
    # a fixed number of players is one number, not "4–4"
    ("pai-qi", "pai-qi-2kk4", "en", "- Number of players: 4 instead of 4–10.", "4–4"),
    (
        "pai-qi",
        "pai-qi-2kk4",
        "en",
        "All these points are doubled if any player laid no card face down.",
        "for example",
    ),
    (
        "shichi-narabe",
        "pai-qi",
        "en",
        "- Cards are no longer laid out on the table before play; before, the 7 of clubs (7♣),"
        " the 7 of diamonds (7♦), the 7 of hearts (7♥) and the 7 of spades (7♠) were.",
        "",
    ),
    (
        "shichi-narabe",
        "pai-qi",
        "nl",
        "- Je mag nu onbeperkt passen (voorheen hoogstens 3 keer per gift).",
        "",
    ),
    # payments and the end of the deal as changes
    (
        "fan-tan",
        "fan-tan-chips",
        "en",
        "- Each other player now pays the winner one chip for each card still in their hand.",
        "",
    ),
    (
        "fan-tan",
        "fan-tan-chips",
        "ja",
        "- ほかの人は、手札に残ったカード1枚につきチップ1枚を勝者に払うようになります。",
        "",
    ),
    (
        "fan-tan",
        "fan-tan-chips",
        "de",
        "- Jeder andere Spieler zahlt dem Gewinner jetzt einen Chip für jede Karte, die er"
        " noch auf der Hand hat.",
        "",
    ),
    (
        "parliament",
        "parliament-play-on",
        "en",
        "- The deal now goes on until only one player still holds cards (previously it ended when"
        " the first player went out).",
        "",
    ),
    (
        "parliament",
        "parliament-play-on",
        "de",
        "- Die Runde geht jetzt weiter, bis nur noch ein Spieler Karten hat (bisher endete sie,"
        " sobald der erste Spieler keine Karten mehr hatte).",
        "",
    ),
    # the session: its end as one sentence with its cap, its winner as a sentence
    (
        "sevens",
        "cinquillo",
        "en",
        "- The session now ends as soon as a player's total reaches 30 points, but after 50"
        " deals at the latest (before: after one deal per player).",
        "Deals in a session: 50",
    ),
    (
        "sevens",
        "cinquillo",
        "de",
        "- Die Partie endet jetzt, sobald ein Spieler insgesamt 30 Punkte erreicht hat, spätestens"
        " aber nach 50 Runden (bisher nach einer Runde pro Spieler).",
        "",
    ),
    (
        "sevens",
        "cinquillo",
        "fr",
        "- La partie s’arrête maintenant dès que le total d’un joueur atteint 30 points, mais au"
        " plus tard après 50 donnes (auparavant, après une donne par joueur).",
        "",
    ),
    (
        "sevens",
        "cinquillo",
        "es",
        "- La partida termina ahora en cuanto la puntuación total de un jugador llegue a 30"
        " puntos, pero como muy tarde tras 50 manos (antes, tras una mano por jugador).",
        "",
    ),
    ("cinquillo", "sevens", "en", "(before: as soon as a player's total reaches 30 points", ""),
    (
        "cinquillo",
        "sevens",
        "de",
        "- Die Partie endet jetzt nach einer Runde pro Spieler (bisher, sobald ein Spieler"
        " insgesamt 30 Punkte erreicht hat, spätestens aber nach 50 Runden).",
        "",
    ),
    ("parliament", "ristiseiska", "en", "", "Deals in a session: 50"),
    (
        "parliament",
        "best-of-five",
        "en",
        "- The session now ends as soon as a player has won three deals, but after five deals"
        " at the latest (before: after one deal per player).",
        "",
    ),
    (
        "parliament",
        "best-of-five",
        "de",
        "- Die Partie endet jetzt, sobald ein Spieler drei Runden gewonnen hat, spätestens aber"
        " nach fünf Runden (bisher nach einer Runde pro Spieler).",
        "",
    ),
    (
        "parliament",
        "best-of-five",
        "ru",
        "- Партия теперь заканчивается, как только кто-нибудь выиграет три сдачи, но не позже"
        " чем через пять сдач (раньше — после того, как каждый сдал по разу).",
        "",
    ),
    (
        "parliament",
        "best-of-five",
        "ja",
        "- 勝負は、誰かが3ゲーム勝った時点で終わるようになります"
        "（これまでは全員が1回ずつ配ったところで終了）。ただし、最大5ゲームです。",
        "",
    ),
    (
        "badam-satti",
        "ristiseiska",
        "ru",
        "- Партия теперь заканчивается, как только чей-нибудь счёт опустится до −100 очков или ниже, но не"
        " позже чем через 50 сдач (раньше — после того, как каждый сдал по разу).",
        "",
    ),
    (
        "fan-tan",
        "elfer-raus",
        "en",
        "- The winner of the session is now the player with the fewest minus points, not the"
        " one with the most deals won.",
        "highest",
    ),
    (
        "fan-tan",
        "elfer-raus",
        "de",
        "wer die wenigsten Minuspunkte hat, nicht mehr, wer die meisten gewonnenen Runden hat",
        "höchste",
    ),
    ("fan-tan", "elfer-raus", "ru", "выигрывает тот, у кого меньше всего штрафных очков", ""),
    (
        "fan-tan",
        "elfer-raus",
        "pt",
        "Agora vence a partida quem tiver menos pontos negativos, e não quem tiver ganhado mais",
        "",
    ),
    (
        "fan-tan",
        "elfer-raus",
        "es",
        "- Ahora gana la partida quien tenga menos puntos negativos, no quien tenga más manos"
        " ganadas.",
        "",
    ),
    (
        "fan-tan",
        "elfer-raus",
        "nl",
        "- De partij wordt nu gewonnen door wie de minste minpunten heeft, niet meer door wie"
        " de meeste gewonnen giften heeft.",
        "",
    ),
    (
        "fan-tan",
        "cinquillo",
        "en",
        "- The winner of the session is now the player with the highest points total",
        "",
    ),
    (
        "parliament",
        "penalty-points",
        "ru",
        "Теперь партию выигрывает тот, у кого наименьшая сумма очков, "
        "а не тот, кто взял больше всего банков.",
        "",
    ),
]

#: A pass limit on a rule set with voluntary passing and no elimination: it stops only the
#: passes made while able to play (a blind reader took "Most passes per deal: 3" literally).
THREE_PASSES = "id: three-passes\nextends: voluntary-pass\npassing: {limit: 3}\n"

SHEET_CASES = [
    (
        THREE_PASSES,
        "en",
        "- Passing while able to play: allowed until your passes in the deal reach 3, counting"
        " those you had to make; whoever cannot play still passes.",
        "Most passes per deal",
    ),
    (THREE_PASSES, "de", "bis du in der Runde 3-mal gepasst hast", "Wie oft pro Runde"),
    # an opening card where the parent has none: the new card, not "Karo-9 statt keine"
    ("devyatka", "de", "- Jetzt gibt es eine Eröffnungskarte: die Karo-9 (9♦).", ""),
    ("devyatka", "nl", "- Er is nu een openingskaart: de negen van ruiten (9♦).", ""),
    ("devyatka", "en", "- There is now an opening card: the 9 of diamonds (9♦).", ""),
    ("fan-tan-chips", "pt", "- Custo de cada passe: uma ficha.", ""),
    ("caught-holding", "pt", "- Custo do passe voluntário: três fichas.", ""),
    ("devyatka", "pt", "- Agora o ideal é jogar com três jogadores (antes, 4–6).", ""),
    # the ace's line names it once; a chip target is what ends the session, not "early"
    ("ace-low", "en", "- Ace: low instead of high.", "Position of the ace"),
    (
        "fan-tan-chips",
        "en",
        "- Chips needed to end the session: to be agreed, for example 30.",
        "end the session early",
    ),
    (
        "parliament-target",
        "en",
        "- Chips needed to end the session: to be agreed, for example 10.",
        "end the session early",
    ),
]


@pytest.mark.parametrize(("old", "new", "lang", "expected", "forbidden"), DIFF_CASES)
def test_diff_phrases(old: str, new: str, lang: str, expected: str, forbidden: str) -> None:
    assert_diff_says(old, new, lang, expected, forbidden)


@pytest.mark.parametrize(("source", "lang", "expected", "forbidden"), SHEET_CASES)
def test_differences_listed_on_a_house_rule_sheet(
    source: str, lang: str, expected: str, forbidden: str, tmp_path: Path
) -> None:
    assert_sheet_says(source, lang, expected, forbidden, tmp_path)
