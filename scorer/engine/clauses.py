"""The rule clauses of every rule set, and the look-ups of clauses and decisions.

This is the one source of rule text: the rules pages, the links on line items and the
decision notes all read from here. Each :class:`Clause` quotes its Turkish source text
verbatim (``text_tr``, checked against the seed files by the tests) and gives a faithful
English translation; where a reader needs help with the quote on this page (a source's "below"
that is above here, what a stake multiplier is), ``note_tr``/``note_en`` say so as okeycalc's
own words. The decisions D1–D16 of SCORING_SPEC §9 are in :mod:`scorer.engine.decisions`.

Pure data and a few look-ups: no Django import, no I/O.
"""

from dataclasses import dataclass, replace

from scorer.engine.codes import RuleId
from scorer.engine.decisions import (
    DECISIONS,
    SEED_GKOKAY,
    SEED_KERIZIM,
    SEED_LOCA,
    SOURCE_NAMES,
    Decision,
    Quote,
    decision,
    decisions_for,
)

__all__ = [
    "CLAUSES",
    "COMBINATIONS",
    "DECISIONS",
    "RULESETS",
    "SOURCE_NAMES",
    "Clause",
    "Combination",
    "Decision",
    "Quote",
    "RulesetInfo",
    "anchor",
    "clause",
    "clauses_for",
    "combinations_for",
    "decision",
    "decisions_for",
    "page_ruleset",
]


@dataclass(frozen=True, slots=True)
class RulesetInfo:
    """A rule set as shown on its rules page."""

    id: str
    name_tr: str
    name_en: str
    seed: str
    intro_tr: str
    intro_en: str


@dataclass(frozen=True, slots=True)
class Clause:
    """One rule clause: a verbatim source quote, its translation and the decisions that touch it."""

    id: RuleId
    ruleset: str
    title_tr: str
    title_en: str
    text_tr: str
    text_en: str
    seed: str
    decisions: tuple[str, ...] = ()
    quoted: bool = True
    """False when the source has no text for this point: ``text_tr`` is then okeycalc's own
    statement, not a quote, and the clause must carry the decision it rests on."""
    note_tr: str = ""
    note_en: str = ""
    """okeycalc's own explanation shown under the quote (never part of the quote)."""

    @property
    def source(self) -> str:
        """The name of the text the clause quotes ("LOCA 101")."""
        return SOURCE_NAMES[self.seed]


RULESETS: dict[str, RulesetInfo] = {
    info.id: info
    for info in (
        RulesetInfo(
            id="loca",
            name_tr="LOCA 101 (Klasik)",
            name_en="LOCA 101 (Classic)",
            seed=SEED_LOCA,
            intro_tr=(
                "LOCA 101 masalarında uygulanan resmî 101 Okey kuralları. Katlamasız, katlamalı ya da "
                "extra katlamalı, tekli ya da eşli oynanır; amaç en düşük puanda kalmaktır."
            ),
            intro_en=(
                "The official 101 Okey rules of LOCA 101 tables. Played katlamasız, katlamalı or extra "
                "katlamalı, individually or with partners; the aim is to end on the lowest score."
            ),
        ),
        RulesetInfo(
            id="loca-cezali",
            name_tr="LOCA Cezalı 101",
            name_en="LOCA Cezalı 101",
            seed=SEED_LOCA,
            intro_tr=(
                "Cezalı 101 ayrı bir masa türüdür: LOCA 101'in klasik kurallarının tamamı geçerlidir, "
                "üstüne bitiş çarpanları, açılış ödülleri ve ek cezalar biner. Cezalarda tavan yoktur."
            ),
            intro_en=(
                "Cezalı 101 is a separate table type: all of LOCA 101's classic rules apply, with finish "
                "multipliers, opening rewards and extra penalties on top. Penalties have no cap."
            ),
        ),
        RulesetInfo(
            id="gkokay",
            name_tr="GkOkay 101",
            name_en="GkOkay 101",
            seed=SEED_GKOKAY,
            intro_tr=(
                "GkOkay'de puan düşülmez: eli bitiren 0 yazar, diğerleri ellerinde kalanı yazar. Katlamalı "
                "ya da katlamasız, cezalı ya da cezasız, tekli ya da eşli; 1, 2, 3, 5, 7 ya da 11 el oynanır."
            ),
            intro_en=(
                "GkOkay never deducts points: the finisher writes 0, the others write what they hold. "
                "Katlamalı or not, cezalı or not, individual or partners; 1, 2, 3, 5, 7 or 11 hands."
            ),
        ),
        RulesetInfo(
            id="kerizim",
            name_tr="Kerizim 101",
            name_en="Kerizim 101",
            seed=SEED_KERIZIM,
            intro_tr=(
                "Temel kural: düşük puan kazanır. Bitiren −101 ya da −202 yazar, bazı ellerde bitiremeyenlerin "
                "cezası katlanır; oyun 1, 2 ya da 3 el sürer, tekli ya da eşli oynanır."
            ),
            intro_en=(
                "The basic rule: the lowest score wins. The finisher writes −101 or −202, and in some hands "
                "the others' penalties are multiplied; a game lasts 1, 2 or 3 hands, individual or partners."
            ),
        ),
    )
}


def page_ruleset(rule_id: str) -> str:
    """The rule set whose page holds the clause: the part of the id before the first dot.

    >>> page_ruleset("loca-cezali.odul")
    'loca-cezali'
    """
    return _split(rule_id)[0]


def anchor(rule_id: str) -> str:
    """The HTML anchor of the clause on its rules page: the part of the id after the first dot.

    >>> anchor("loca-cezali.odul")
    'odul'
    >>> anchor(RuleId.KERIZIM_PAIRS_DOUBLE)
    'cift-kati'
    """
    return _split(rule_id)[1]


def _split(rule_id: str) -> tuple[str, str]:
    page, dot, name = str(rule_id).partition(".")
    if not (page and dot and name):
        raise LookupError(f"Not a rule clause id (expected '<ruleset>.<clause>'): {rule_id!r}")
    return page, name


def _c(rule_id: RuleId, title_tr: str, title_en: str, text_tr: str, text_en: str, *decisions: str) -> Clause:
    ruleset = page_ruleset(rule_id)
    return Clause(
        id=rule_id,
        ruleset=ruleset,
        title_tr=title_tr,
        title_en=title_en,
        text_tr=text_tr,
        text_en=text_en,
        seed=RULESETS[ruleset].seed,
        decisions=decisions,
    )


def _own(
    rule_id: RuleId, title_tr: str, title_en: str, text_tr: str, text_en: str, *decisions: str
) -> Clause:
    """A clause where the source is silent: okeycalc's own statement (not a quote), with its decision."""
    return replace(_c(rule_id, title_tr, title_en, text_tr, text_en, *decisions), quoted=False)


def _noted(found: Clause, note_tr: str, note_en: str) -> Clause:
    """The clause with okeycalc's explanation under its quote."""
    return replace(found, note_tr=note_tr, note_en=note_en)


_LOCA = (
    _c(
        RuleId.LOCA_TILE_VALUES,
        "Taş değerleri",
        "Tile values",
        "2'den 13'e kadar her taş kendi sayısı kadar puandır.\n1 taşı 1 puandır.\n"
        "Joker, yerine geçtiği taşın değerini alır.",
        "Every tile from 2 to 13 is worth its number in points.\nA 1 is worth 1 point.\n"
        "A joker takes the value of the tile it stands for.",
        "D1",
    ),
    _c(
        RuleId.LOCA_INDICATOR,
        "Gösterge ve okey",
        "Indicator and okey",
        "Dağıtımdan sonra duvardan bir taş açılır: buna GÖSTERGE denir.\n"
        "OKEY, göstergenin bir üstündeki aynı renk taştır. Gösterge 13 ise okey 1'dir.\n"
        "Okey taşı jokerdir: istediğin taşın yerine geçer.\n"
        "SAHTE OKEY (üstü boş basılı taş) serbest joker DEĞİLDİR. Sahte okey yalnız okey taşının yerine "
        "geçer, yani okeyin rengini ve sayısını oynar. Okey siyah 7 ise sahte okey de siyah 7 gibi işler; "
        "başka bir taşın yerine kullanılamaz.\n"
        "Sahte okey gösterge olarak açılmaz; çıkarsa duvarda bırakılır.",
        "After the deal one tile of the wall is turned up: it is called the GÖSTERGE (indicator).\n"
        "The OKEY is the tile of the same colour one above the indicator. If the indicator is 13, the okey "
        "is 1.\n"
        "The okey tile is a joker: it stands for any tile you want.\n"
        "The FAKE OKEY (the tile printed blank) is NOT a free joker. A fake okey stands only for the okey "
        "tile, that is, it plays the okey's colour and number. If the okey is black 7, the fake okey works "
        "as a black 7 too; it cannot stand for any other tile.\n"
        "A fake okey is never turned up as the indicator; if it comes up, it is left in the wall.",
    ),
    _c(
        RuleId.LOCA_OPENING,
        "El açma",
        "Opening",
        'Yere ilk kez taş indirmeye "el açmak" denir. İki yolu vardır:\n'
        "PUANLA AÇMA: indirdiğin per ve serilerin toplamı en az 101 olmalıdır.\n"
        "ÇİFTLE AÇMA: en az 5 çift indirirsen puan aranmaz.",
        'Laying tiles down for the first time is called "opening" (el açmak). There are two ways:\n'
        "OPENING WITH POINTS: the sets and runs you lay down must total at least 101.\n"
        "OPENING WITH PAIRS: if you lay down at least 5 pairs, no points are needed.",
    ),
    _c(
        RuleId.LOCA_PAIRS_OPENER,
        "Çiftle açan",
        "The pairs opener",
        "Çiftle açan oyuncu aynı elde per/seri AÇAMAZ. Ama masadaki per ve serilere taş İŞLEYEBİLİR ve yeni "
        "çift İNDİREBİLİR.\n"
        "Per/seri ile açan oyuncu, masada zaten bir çift açılmışsa kendi çiftini de indirebilir. Masada hiç "
        "çift yoksa çift stratejisini kendisi başlatamaz.",
        "A player who opened with pairs CANNOT lay down sets or runs in the same hand. But they CAN lay off "
        "tiles on the sets and runs on the table and CAN lay down new pairs.\n"
        "A player who opened with sets/runs may lay down pairs of their own if a pair has already been laid "
        "down at the table. If there are no pairs on the table, they cannot start the pairs strategy "
        "themselves.",
    ),
    _c(
        RuleId.LOCA_FINISHING,
        "Eli bitirme",
        "Finishing the hand",
        "Elindeki bütün taşları per/seri (ya da çift) hâline getirip son taşını atınca el biter.\n"
        "Çiftle bitişte taş atılmaz; el son çift indirildiğinde kapanır.",
        "The hand ends when you have made all your tiles into sets/runs (or pairs) and discard your last "
        "tile.\n"
        "On a pairs finish no tile is discarded; the hand closes when the last pair is laid down.",
        "D16",
    ),
    _c(
        RuleId.LOCA_FINISHES,
        "Bitişler",
        "Finishes",
        "Eli bitiren:\n"
        "Normal bitiş −101\n"
        "Çift dizle bitiş −202\n"
        "Okey atarak bitiş −404\n"
        "Hem çiftle hem okey atarak bitiş −808",
        "The finisher:\n"
        "Normal finish −101\n"
        "Finish with pairs −202\n"
        "Finish by discarding the okey −404\n"
        "Finish both with pairs and by discarding the okey −808",
    ),
    _c(
        RuleId.LOCA_PAIRS_OKEY,
        "Çift + okey bitişi",
        "Pairs + okey finish",
        "Hem çiftle hem okey atarak bitiş −808",
        "Finish both with pairs and by discarding the okey −808",
        "D16",
    ),
    _c(
        RuleId.LOCA_NOT_OPENED,
        "Hiç açamayan",
        "Never opened",
        "Hiç açamayan: elindeki taşlara bakılmaksızın sabit 202 ceza.",
        "Never opened: a fixed 202 penalty, whatever the tiles in hand.",
    ),
    _c(
        RuleId.LOCA_TILES,
        "Elde kalan taşlar",
        "Tiles left in hand",
        "Açmış ama bitirememiş: elinde kalan taşların toplam değeri.",
        "Opened but did not finish: the total value of the tiles left in hand.",
    ),
    _c(
        RuleId.LOCA_OKEY_IN_HAND,
        "Elde kalan okey",
        "Okey left in hand",
        "Elinde okey (veya sahte okey) kalan açmış oyuncuya taş başına 101 ek ceza.",
        "An opener left holding an okey (or a fake okey) pays an extra 101 per such tile.",
        "D1",
    ),
    _c(
        RuleId.LOCA_PAIRS_DOUBLE,
        "Çiftle açanın eli",
        "Pairs opener's hand",
        "Çiftle açıp bitirememiş oyuncunun ELİNDE KALANIN bedeli (taş değerleri + okey cezası) iki katına "
        "çıkar. El içi ceza kalemleri bu çarpanın dışındadır, tek kat yazılır.",
        "For a player who opened with pairs and did not finish, the value of WHAT IS LEFT IN HAND (tile "
        "values + okey penalty) is doubled. In-hand penalty items are outside this multiplier and are "
        "written at their single value (not doubled).",
    ),
    _c(
        RuleId.LOCA_ELDEN,
        "Elden bitme",
        "Elden finish",
        "ELDEN BİTME: hiç açmamışken tek hamlede açıp aynı anda bitirmektir.",
        "ELDEN FINISH: opening and finishing at the same time in a single move, never having opened before.",
        "D4",
    ),
    _c(
        RuleId.LOCA_FOUL_OKEY,
        "Okey atmak",
        "Discarding the okey",
        "Bilerek GERÇEK okey atmak: +101.",
        "Knowingly discarding a REAL okey: +101.",
    ),
    _c(
        RuleId.LOCA_FOUL_ISLEK,
        "İşlek taş atmak",
        "Discarding an işlek tile",
        "İŞLEK taş atmak, yani masadaki açık bir per veya seriye işlenebilecek taşı atmak: +101. "
        '(Çiftler işlenemediği için bir taşı "işlek" yapmazlar.)',
        "Discarding an İŞLEK tile, that is, a tile that could be laid off on an open set or run on the "
        'table: +101. (Pairs cannot be laid off on, so they do not make a tile "işlek".)',
    ),
    _c(
        RuleId.LOCA_FOUL_TAKE_BACK,
        "Açtıklarını geri toplamak",
        "Taking back what you laid down",
        "AÇTIKLARINI GERİ TOPLAMAK: o turda yere koyduğun her şeyi (açtığın perler, çiftler ve işlediğin "
        "taşlar) topluca geri almak koşulsuz +101'dir. Yalnız AYNI turda indirdiklerin toplanır; önceki "
        "turlarda inen taşlar yerinde kalır. İlk açılışını geri toplarsan el açmamış sayılırsın.\n"
        "Bu cezalar el sonunda puanına eklenir; yere hiç taş açmamış olsan da işler.",
        "TAKING BACK WHAT YOU LAID DOWN: taking back everything you put down in that turn (the sets and "
        "pairs you opened and the tiles you laid off) is +101 unconditionally. Only what you laid down in "
        "the SAME turn is taken back; tiles laid down in earlier turns stay where they are. If you take back "
        "your first opening, you count as not having opened.\n"
        "These penalties are added to your score at the end of the hand; they apply even if you never "
        "laid down any tiles.",
    ),
    _noted(
        _c(
            RuleId.LOCA_TIMEOUT,
            "Süre aşımı",
            "Timeouts",
            "Süre aşımında oyun senin yerine taş attıysa hiçbir ceza yazılmaz.",
            "If the game discarded a tile for you after a timeout, no penalty is written.",
        ),
        "Süre bitince oyunun senin yerine yaptığı hamleler faul değildir: okeycalc'a bunlar için ceza "
        "girilmez (otomatik atılan okey ya da işlek taş dâhil).",
        "Moves the game makes for you when your time runs out are never fouls: enter no penalty for them in "
        "okeycalc (an okey or işlek tile discarded automatically included).",
    ),
    _c(
        RuleId.LOCA_DECK_OUT,
        "Duvar tükenirse",
        "The wall runs out",
        "DUVAR TÜKENİRSE: son taşı çeken oyuncu taşını attığı anda el kapanır. HİÇ KİMSE açamadıysa el "
        "BERABEREdir: elde kalanlar sayılmaz, masa girişi iade edilir. El içinde yazılmış cezalar (okey "
        "atmak, açtıklarını geri toplamak) yine de puana geçer.\n"
        "EN AZ BİR oyuncu açmışsa duvar bitişi berabere DEĞİLDİR: el normal biçimde PUANLANIR ve masa "
        "girişi İADE EDİLMEZ. Kazanan yoktur, kimse −101 almaz; açanlar elinde kalanın bedelini, hiç "
        "açamayanlar sabit 202'yi öder.",
        "IF THE WALL RUNS OUT: the hand closes as soon as the player who drew the last tile discards. If "
        "NOBODY opened, the hand is a DRAW: the tiles left are not counted and the table entry is refunded. "
        "Penalties written during the hand (discarding the okey, taking back what you laid down) still "
        "count.\n"
        "If AT LEAST ONE player opened, running out of wall is NOT a draw: the hand is SCORED normally and "
        "the table entry is NOT refunded. There is no winner and nobody gets −101; openers pay the value of "
        "what they hold, those who never opened pay the fixed 202.",
    ),
    _c(
        RuleId.LOCA_PARTNERS,
        "Eşli",
        "Partners",
        "EŞLİ: karşılıklı oturanlar ortaktır ve puanlar takım hanesinde toplanır. Eli bitirenin ortağı el "
        "sonu cezasından muaftır; kendi el içi ihlallerini yine de öder.",
        "EŞLİ (partners): players sitting opposite each other are partners and their points are summed in "
        "the team column. The finisher's partner is exempt from the end-of-hand penalty but still pays for "
        "their own in-hand fouls.",
    ),
    _noted(
        _c(
            RuleId.LOCA_THRESHOLD,
            "Masa türleri",
            "Table types",
            "KATLAMASIZ: düz 101. Herkes 101 puan veya 5 çift ile açar; eşik yükselmez.\n"
            "KATLAMALI: açma eşiği masada yükselir. Senden önce puanla açan olduysa onun toplamını en az 1 "
            "puan geçmelisin; çiftle açan olduysa onun çift sayısını en az 1 çift geçmelisin. ÖNEMLİ: her eşik "
            "yalnız KENDİ türüyle yükselir. Puanla açılışlar çift eşiğini, çift açılışlar puan eşiğini "
            "yükseltmez. Elden bitiyorsan yükselmiş eşik aranmaz; ama 101 puan / 5 çift tabanı yine de tutmak "
            "zorundadır.\n"
            "EXTRA KATLAMALI: Katlamalı'nın eşik zinciri geçerlidir, üstüne açılışta kullanılan özel taşlar "
            "(okey, gösterge vb.) masa girişi çarpanını büyütür. Çarpan tavanı ×8'dir.",
            "KATLAMASIZ: plain 101. Everyone opens with 101 points or 5 pairs; the threshold does not rise.\n"
            "KATLAMALI: the opening threshold rises at the table. If someone opened with points before you, "
            "you must beat their total by at least 1 point; if someone opened with pairs, you must beat their "
            "number of pairs by at least 1 pair. IMPORTANT: each threshold rises only with its OWN kind. Points "
            "openings do not raise the pairs threshold, and pairs openings do not raise the points threshold. "
            "If you finish elden, the raised threshold does not apply, but you must still reach the 101 points "
            "/ 5 pairs base.\n"
            "EXTRA KATLAMALI: Katlamalı's threshold chain applies, and on top of it special tiles used in the "
            "opening (okey, gösterge, etc.) raise the table-entry multiplier. The multiplier is capped at ×8.",
        ),
        "Katlamalı ve Extra katlamalı yalnız açma eşiğini yükseltir, puanları hiç değiştirmez: puan "
        "çizelgesi katlamasız masadakiyle aynıdır. Extra'nın “×8” tavanı bir puan çarpanı değil, masa "
        "girişinin (bahsin) çarpanıdır; puan çizelgesinin dışında ödenir.",
        "Katlamalı and Extra katlamalı only raise the opening threshold and never change points: the "
        "score sheet is the same as at a katlamasız table. Extra's “×8” cap is not a points multiplier "
        "but a multiplier of the table entry (the stake), settled outside the score sheet.",
    ),
    _c(
        RuleId.LOCA_WINNER,
        "Kazanan",
        "Winner",
        "101 Okey'de amaç en yüksek değil, EN DÜŞÜK puanda kalmaktır. Her el sonunda herkesin hanesine "
        "puan yazılır; eksi puan senin lehinedir. Masada seçilen el sayısı dolunca en düşük toplamı olan "
        "kazanır.",
        "In 101 Okey the aim is to end not on the highest but on the LOWEST score. At the end of every hand "
        "points are written in everyone's column; minus points are in your favour. When the number of hands "
        "chosen for the table is reached, the lowest total wins.",
        "D14",
    ),
)

_LOCA_CEZALI = (
    _c(
        RuleId.CEZALI_FINISHES,
        "Bitişler",
        "Finishes",
        "Okey atarak bitiş: bitiren −404, rakiplerin el tabanı ×4.\n"
        "Elden bitiş: bitiren −202, rakiplerin el tabanı ×2.\n"
        "Çift dizle bitiş: bitiren −202, rakiplerin el tabanı ×2.\n"
        "9 çift + 1 seri ile bitiş, okeyle elden bitişin eşdeğeridir: −404 ve ×4.",
        "Finish by discarding the okey: finisher −404, opponents' hand base ×4.\n"
        "Elden finish: finisher −202, opponents' hand base ×2.\n"
        "Finish with pairs: finisher −202, opponents' hand base ×2.\n"
        "Finishing with 9 pairs + 1 run is equivalent to an okey elden finish: −404 and ×4.",
    ),
    _c(
        RuleId.CEZALI_PAIRS_OKEY,
        "Çift + okey bitişi",
        "Pairs + okey finish",
        "Hem çiftle hem okey atarak bitiş −808",
        "Finish both with pairs and by discarding the okey −808",
        "D5",
        "D16",
    ),
    _c(
        RuleId.CEZALI_NOT_OPENED,
        "Hiç açamayan",
        "Never opened",
        "Hiç açamayan rakibin tabanı 202'dir ve aynı çarpanla büyür: elden bitişte 404, okeyli bitişte 808.",
        "An opponent who never opened has a base of 202, which grows with the same multiplier: 404 on an "
        "elden finish, 808 on an okey finish.",
    ),
    _c(
        RuleId.CEZALI_PAIRS_MAX,
        "Çift çarpanı",
        "Pairs multiplier",
        "Çiftle açıp bitirememenin ×2'si bitiş çarpanıyla ÇARPILMAZ; ikisinden yalnız BÜYÜK olan uygulanır.",
        "The ×2 for opening with pairs and not finishing is NOT MULTIPLIED by the finish multiplier; only "
        "the LARGER of the two applies.",
    ),
    _c(
        RuleId.CEZALI_REWARD,
        "Açılış ödülleri",
        "Opening rewards",
        "Açılış ödülleri (puan siler):\n"
        "151 ve üzeri puanla ilk açılış: −101\n"
        "151+ ile açıp aynı hamlede elden bitmek: toplam −303\n"
        "İlk açılışta 7 çift: −101\n"
        "İlk açılışta 9 çift: −202 (7 çiftin yerine geçer)\n"
        "Ödüller TOPLANMAZ; yalnız en büyüğü uygulanır.\n"
        "9 çift + 1 seri ile bitişte 9 çift ödülü ayrıca eklenmez.",
        "Opening rewards (they take points off):\n"
        "First opening with 151 points or more: −101\n"
        "Opening with 151+ and finishing elden in the same move: −303 in total\n"
        "7 pairs in the first opening: −101\n"
        "9 pairs in the first opening: −202 (replaces the 7-pair reward)\n"
        "Rewards DO NOT ADD UP; only the largest applies.\n"
        "On a 9 pairs + 1 run finish the 9-pair reward is not added on top.",
    ),
    _c(
        RuleId.CEZALI_SIDE_TILE,
        "Yandan alınan taş",
        "Side tile",
        "Attığın taşı SAĞ KOMŞUN (senin ıskartandan çekebilen tek oyuncu) alıp ilk açılışında kullanırsa "
        "cezayı SEN ödersin: per/seri ile açtıysa taşın değeri ×10, çiftle açtıysa taşın değeri ×20. "
        "(Örnek: aldığı taş 7 ise seride 70, çiftte 140.)",
        "If your RIGHT-HAND NEIGHBOUR (the only player who can draw from your discards) takes the tile you "
        "discarded and uses it in their first opening, YOU pay the penalty: the tile's value ×10 if they "
        "opened with sets/runs, the tile's value ×20 if they opened with pairs. (Example: if the tile taken "
        "is a 7, 70 for a sets opening, 140 for pairs.)",
    ),
    _c(
        RuleId.CEZALI_FOUL_OKEY,
        "Okey atmak",
        "Discarding the okey",
        "Bilerek gerçek okey atmak: +101. Sahte okey atmak serbesttir.",
        "Knowingly discarding a real okey: +101. Discarding a fake okey carries no penalty.",
    ),
    _c(
        RuleId.CEZALI_FOUL_ISLEK,
        "İşlek taş atmak",
        "Discarding an işlek tile",
        "İşlek taş atmak: +101. Bu iki kalem aynı taşa birlikte yazılmaz.",
        "Discarding an işlek tile: +101. These two items are never both written for the same tile.",
    ),
    _c(
        RuleId.CEZALI_OKEY_TAKEN,
        "Atılan okeyin alınması",
        "Discarded okey taken",
        "Attığın gerçek okey ıskartadan alınırsa ayrıca +101 sen ödersin. Taş aynı turda geri bırakılırsa "
        "bu ceza iade edilir.",
        "If the real okey you discarded is taken from the discards, you pay a further +101. If the tile is "
        "put back in the same turn, this penalty is refunded.",
    ),
    _c(
        RuleId.CEZALI_OKEY_SWAPPED,
        "Okey takası",
        "Okey swapped",
        "Yere indirdiğin grupta duran gerçek okeyi başkası takasla alırsa +101 sen ödersin. Kendi okeyini "
        "geri almak cezasızdır.",
        "If someone else swaps out the real okey standing in a group you laid down, you pay +101. Taking "
        "back your own okey carries no penalty.",
    ),
    _noted(
        _c(
            RuleId.CEZALI_TIMEOUT,
            "Süre aşımı",
            "Timeouts",
            "Süre aşımında oyunun attığı taş bütün bu kalemlerden muaftır.",
            "A tile the game discarded after a timeout is exempt from all of these items.",
        ),
        "Süre bitince oyunun attığı taş için hiçbir ceza girilmez: ne okey atma ne işlek taş, ne de o "
        "taşın yandan alınmasının cezası. Atılan okey ıskartadan alınsa da yazılmaz.",
        "Enter no penalty for a tile the game discarded when the time ran out: not the okey discard, not "
        "the işlek tile, not the side-tile penalty for it. Not even when that okey is then taken from the "
        "discards.",
    ),
    _c(
        RuleId.CEZALI_FOULS_UNMULTIPLIED,
        "Cezalar ve çarpanlar",
        "Penalties and multipliers",
        "El içi ihlal cezaları bitiş çarpanlarının dışındadır ve eli bitiren oyuncuya da işler.",
        "In-hand foul penalties are outside the finish multipliers and apply to the player who finished "
        "the hand as well.",
    ),
    _c(
        RuleId.CEZALI_PARTNERS,
        "Cezalı 101 Eşli",
        "Cezalı 101 with partners",
        "Yukarıdaki Cezalı kurallarının tamamı geçerlidir.\n"
        "Eli bitirenin ortağı el sonu cezasından muaftır; kendi ihlallerini yine öder.",
        "All the Cezalı rules above apply.\n"
        "The finisher's partner is exempt from the end-of-hand penalty but still pays for their own fouls.",
    ),
    _c(
        RuleId.CEZALI_TEAM_BASE,
        "Karşı takımın sabit tabanı",
        "The opposing team's fixed base",
        "Karşı TAKIM sabit taban öder (kişi başı değil, takım hanesine tek kalem): · Elden bitiş, 151+ "
        "elden bitiş ve okeyle normal bitiş: 808 · Okey ile ELDEN bitiş (9 çift + 1 seri dâhil): 1600\n"
        "Bu sabit tabanlar rakiplerin elindeki taş değerlerinin YERİNE geçer.",
        "The opposing TEAM pays a fixed base (not per person, one item in the team column): · Elden finish, "
        "151+ elden finish and normal finish with the okey: 808 · Okey ELDEN finish (9 pairs + 1 run "
        "included): 1600\n"
        "These fixed bases REPLACE the value of the tiles in the opponents' hands.",
    ),
    _c(
        RuleId.CEZALI_TEAM_PAIRS_OKEY,
        "Eşli çift + okey bitişi",
        "Partners: pairs + okey finish",
        "Elden bitiş, 151+ elden bitiş ve okeyle normal bitiş: 808 · Okey ile ELDEN bitiş (9 çift + 1 seri "
        "dâhil): 1600",
        "Elden finish, 151+ elden finish and normal finish with the okey: 808 · Okey ELDEN finish (9 pairs "
        "+ 1 run included): 1600",
        "D6",
        "D16",
    ),
)

_GKOKAY = (
    _c(
        RuleId.GKOKAY_TILES_OKEY,
        "Taşlar, gösterge ve okey",
        "Tiles, indicator and okey",
        "• Oyun 106 taşla oynanır: 4 renk (kırmızı, sarı, mavi, siyah), 1'den 13'e kadar her sayıdan ikişer "
        "taş ve 2 sahte okey.\n"
        "• Dağıtımdan sonra bir taş gösterge olarak açılır. Göstergenin aynı renkte bir büyüğü okeydir (13'ün "
        "okeyi 1'dir) ve her taşın yerine geçebilir.\n"
        "• Sahte okey joker değildir; gerçek okeyin rengi ve sayısı olarak oynanır.",
        "• The game is played with 106 tiles: 4 colours (red, yellow, blue, black), two tiles of every "
        "number from 1 to 13, and 2 fake okeys.\n"
        "• After the deal one tile is turned up as the indicator (gösterge). The tile of the same colour one "
        "above the indicator is the okey (the okey of a 13 is the 1), and it can stand for any tile.\n"
        "• The fake okey is not a joker; it plays as the real okey's colour and number.",
    ),
    _c(
        RuleId.GKOKAY_OPENING,
        "El açmak",
        "Opening",
        "• Seri: aynı renkte art arda en az 3 sayı (ör. kırmızı 5-6-7). Per (grup): aynı sayının 3 veya 4 "
        "farklı renkte olanı (ör. 8-8-8).\n"
        "• Seri ve perlerin toplamı en az 101 puan olmalıdır; taş, üzerindeki sayı kadar sayılır, okey "
        "yerine geçtiği taş kadar.\n"
        "• Ya da en az 5 çiftle açılabilir (çifte gitmek). Seri ve çift aynı açılışta karıştırılamaz.",
        "• Run (seri): at least 3 consecutive numbers of one colour (e.g. red 5-6-7). Set (per, group): 3 or "
        "4 tiles of the same number in different colours (e.g. 8-8-8).\n"
        "• The runs and sets must total at least 101 points; a tile counts its number, the okey the tile it "
        "stands for.\n"
        "• Or you can open with at least 5 pairs (going for pairs, çifte gitmek). Runs and pairs cannot be "
        "mixed in one opening.",
    ),
    _c(
        RuleId.GKOKAY_PAIRS_OPENER,
        "Çiftle açan",
        "The pairs opener",
        "Çiftle açan oyuncu yalnızca çift ekleyebilir ve var olan perlere işleyebilir.",
        "A player who opened with pairs may only add pairs and lay off on the sets already on the table.",
    ),
    _c(
        RuleId.GKOKAY_FINISHER,
        "Bitiren",
        "The finisher",
        "GkOkay'de puan düşülmez: bitiren oyuncu 0 yazar",
        "In GkOkay no points are deducted: the player who finishes writes 0",
    ),
    _c(
        RuleId.GKOKAY_NOT_OPENED,
        "Hiç açmayan",
        "Never opened",
        "Hiç el açmamış oyuncu 202 puan alır",
        "A player who never opened gets 202 points",
    ),
    _c(
        RuleId.GKOKAY_SPECIAL_FINISH,
        "Özel bitişler",
        "Special finishes",
        "Hiç el açmamış oyuncu 202 puan alır (özel bitişlerde katlanır)",
        "A player who never opened gets 202 points (multiplied on special finishes)",
        "D7",
    ),
    _c(
        RuleId.GKOKAY_TILES,
        "Elde kalan taşlar",
        "Tiles left in hand",
        "diğer oyuncuların elinde kalan taşların toplamı yazılır.",
        "the other players write the total of the tiles left in their hands.",
    ),
    _own(
        RuleId.GKOKAY_PAIRS,
        "Çiftle açan",
        "Pairs opener",
        "GkOkay kaynağında çiftle açanın elini iki katına çıkaran bir kural yoktur: çiftle açan da elinde "
        "kalan taşların toplamını yazar.",
        "The GkOkay source has no rule doubling a pairs opener's hand: a pairs opener also writes the total "
        "of the tiles left in hand.",
        "D3",
    ),
    _c(
        RuleId.GKOKAY_OKEY_IN_HAND,
        "Elde kalan okey",
        "Okey left in hand",
        "elde kalan her okey +101'dir.",
        "each okey left in hand is +101.",
        "D1",
    ),
    _c(
        RuleId.GKOKAY_NON_OPENER_OKEY,
        "Açmayanın elinde kalan okey",
        "Okey left with a player who never opened",
        "Hiç el açmamış oyuncu 202 puan alır (özel bitişlerde katlanır), elde kalan her okey +101'dir.",
        "A player who never opened gets 202 points (multiplied on special finishes), and each okey left in "
        "hand is +101.",
        "D1",
        "D8",
    ),
    _c(
        RuleId.GKOKAY_FOULS,
        "Cezalar (cezalı masalar)",
        "Fouls (cezalı tables)",
        "• Baraj altında el açmaya çalışmak: +101\n"
        "• Okeyi yere atmak: +101\n"
        "• Masadaki bir pere işlenebilecek taşı atmak: +101\n"
        "• Yandan alınan taşı o el kullanamamak: +101",
        "• Trying to open below the threshold: +101\n"
        "• Discarding the okey: +101\n"
        "• Discarding a tile that could be laid off on a set on the table: +101\n"
        "• Failing to use the side tile you took in that hand: +101",
    ),
    _own(
        RuleId.GKOKAY_FINISHER_FOULS,
        "Bitirenin cezaları",
        "The finisher's fouls",
        "GkOkay kaynağı, cezalı masada eli bitiren oyuncunun cezalarının yazılıp yazılmadığını söylemez: "
        "fauller bitirene de yazılır.",
        "The GkOkay source does not say whether a cezalı table writes the finisher's fouls: they are "
        "written for the finisher too.",
        "D9",
    ),
    _c(
        RuleId.GKOKAY_SIDE_TILE,
        "Yandan alınan taş",
        "Side tile",
        "Açılan oyuncunun yandan aldığı taşı atan oyuncu: taş değeri × 10 (çiftle açıldıysa × 20)",
        "The player who discarded the side tile that the opening player took: the tile's value × 10 "
        "(× 20 if they opened with pairs)",
    ),
    _own(
        RuleId.GKOKAY_DECK_OUT,
        "Deste biterse",
        "The deck runs out",
        "GkOkay kaynağında deste bitişi için bir kural yoktur. El, bitiren olmadan puanlanır: kimse "
        "bitirdiği için 0 yazmaz; açanlar elinde kalanı, hiç açmayanlar 202 ve okey cezasını yazar; "
        "katlama olmaz.",
        "The GkOkay source has no rule for the deck running out. The hand is scored without a finisher: "
        "nobody writes 0 for finishing; openers write what they hold, players who never opened 202 plus "
        "the okey charge; nothing is multiplied.",
        "D10",
    ),
    _c(
        RuleId.GKOKAY_PARTNERS,
        "Eşli",
        "Partners",
        "Eşli 101'de takım arkadaşlarının puanları toplanır.",
        "In partners 101 the teammates' points are added together.",
        "D11",
    ),
    _noted(
        _c(
            RuleId.GKOKAY_THRESHOLD,
            "Katlamalı masa",
            "Katlamalı tables",
            "Katlamalı masada her yeni açılış bir öncekini geçmelidir (102 ile açıldıysa sonraki 103 ister). "
            "Katlamasız masada baraj 101 / 5 çift olarak kalır.",
            "At a katlamalı table every new opening must beat the previous one (after an opening with 102, "
            "the next needs 103). At a katlamasız table the threshold stays at 101 / 5 pairs.",
        ),
        "GkOkay metninde elden bitiş için bir ayrıcalık yoktur (LOCA metninde vardır): her yeni açılış, "
        "elden bitiren oyuncununki de, öncekini geçmelidir. okeycalc bu yüzden elden bitirenin yükselmiş "
        "eşiğin altındaki açılışını da uyarıyla gösterir.",
        "GkOkay's text has no exception for an elden finish (LOCA's text has one): every new opening, an "
        "elden finisher's too, must beat the previous one. So okeycalc warns about an elden finisher's "
        "opening under the raised threshold too.",
    ),
    _own(
        RuleId.GKOKAY_PAIRS_THRESHOLD,
        "Katlamalı masada çift açılış",
        "Pairs openings at a katlamalı table",
        "GkOkay metni yalnız puanla açılış örneği verir. Çift açılışlar kendi zincirini izler: önceki çift "
        "açılışı en az 1 çift geçmek gerekir; puanla açılışlar çift eşiğini, çift açılışlar puan eşiğini "
        "yükseltmez.",
        "GkOkay's text gives a points example only. Pairs openings follow their own chain: they must beat "
        "the previous pairs opening by at least 1 pair; points openings do not raise the pairs threshold and "
        "pairs openings do not raise the points threshold.",
        "D13",
    ),
    _c(
        RuleId.GKOKAY_WINNER,
        "Kazanan",
        "Winner",
        "Masada seçilen el sayısı (1, 2, 3, 5, 7 veya 11) bittiğinde en düşük toplam puana sahip oyuncu "
        "kazanır ve ödülün tamamını alır.",
        "When the number of hands chosen for the table (1, 2, 3, 5, 7 or 11) is over, the player with the "
        "lowest total wins and takes the whole prize.",
        "D14",
    ),
)

_KERIZIM = (
    _c(
        RuleId.KERIZIM_FINISHER,
        "Bitiren",
        "The finisher",
        "Eksi puan iyi, artı puan kötüdür: −101 yazmak bir eli kazandığın anlamına gelir, 202 yazmak ise "
        "ağır bir cezadır.",
        "Minus points are good, plus points are bad: writing −101 means you won a hand, while writing 202 "
        "is a heavy penalty.",
    ),
    _c(
        RuleId.KERIZIM_PAIRS_FINISH,
        "Çiftle bitiren",
        "Finishing after opening with pairs",
        "Eli bitiren oyuncunun o eldeki faulleri puanına yazılmaz: bitiren yalnızca −101 ya da −202 yazar.",
        "The fouls of the player who finished the hand are not written to their score: the finisher writes "
        "only −101 or −202.",
        "D15",
    ),
    _own(
        RuleId.KERIZIM_UNSCORED_FLAGS,
        "Okeyle ya da elden bitiş",
        "Okey-discard or elden finish",
        "Kerizim kurallarında okey atarak ya da elden bitiş için ayrı bir puan yoktur: bitiren yine −101 "
        "ya da −202 yazar, katlar değişmez.",
        "Kerizim's rules give no separate score for finishing by discarding the okey or elden: the finisher "
        "still writes −101 or −202 and the multipliers do not change.",
    ),
    _c(
        RuleId.KERIZIM_MULTIPLIERS,
        "Katlar",
        "Multipliers",
        "Bazı ellerde eli bitiremeyen herkesin cezası ikiye katlanır:\n"
        "• Bitiren çiftle açtıysa diğer herkesin cezası × 2.\n"
        "• Bitirenden başka kimse açmadıysa herkesin cezası bir kez daha × 2. Eşli masada bitirenin eşi bu "
        "hesaba katılmaz.\n"
        "İki durum aynı elde olursa katlar üst üste biner: çiftle bitirilen ve başka kimsenin açamadığı bir "
        "elde, açamayan her oyuncu 202 × 2 × 2 = 808 yazar.",
        "In some hands the penalty of everyone who did not finish is doubled:\n"
        "• If the finisher opened with pairs, everyone else's penalty × 2.\n"
        "• If nobody but the finisher opened, everyone's penalty × 2 once more. At a partners table the "
        "finisher's partner is left out of this count.\n"
        "If both happen in the same hand the multipliers stack: in a hand finished with pairs in which "
        "nobody else could open, every player who did not open writes 202 × 2 × 2 = 808.",
    ),
    _c(
        RuleId.KERIZIM_NOT_OPENED,
        "Hiç açamayan",
        "Never opened",
        "Elini açamayan oyuncunun elinde ne kaldığına bakılmaz; ceza her zaman 202'dir.",
        "For a player who could not open, what is left in hand is not looked at; the penalty is always 202.",
    ),
    _c(
        RuleId.KERIZIM_TILES,
        "Elde kalan taşlar",
        "Tiles left in hand",
        "Elde kalan taşlar sayılırken her taş üzerindeki sayı kadar puan eder.",
        "When the tiles left in hand are counted, each tile is worth the number on it.",
    ),
    _c(
        RuleId.KERIZIM_OKEY_IN_HAND,
        "Elde kalan okey",
        "Okey left in hand",
        "Elde kalan okey 101 sayılır, sahte okey ise okeyin sayısı kadar.",
        "An okey left in hand counts 101, a fake okey as much as the okey's number.",
        "D1",
    ),
    _noted(
        _c(
            RuleId.KERIZIM_PAIRS_DOUBLE,
            "Çiftle açanın eli",
            "Pairs opener's hand",
            "Deste biter de kimse eli bitiremezse el bonussuz kapanır: kimse −101 almaz ve aşağıdaki katlar "
            "uygulanmaz. Elini açanlar elde kalanı, açamayanlar 202 yazar. Elini çiftle açan ise yine elde "
            "kalanın iki katını yazar.",
            "If the deck runs out and nobody finishes the hand, the hand closes without a bonus: nobody gets "
            "−101 and the multipliers (the doubling rules under “Multipliers” on this page) do not apply. Those who opened write what is left in hand, those "
            "who could not open write 202. A player who opened with pairs, however, still writes twice what "
            "is left in hand.",
            "D2",
        ),
        "Kaynaktaki “aşağıdaki katlar”, kaynakta bu cümleden sonra gelen “Cezalar ne zaman ikiye katlanır?” "
        "bölümüdür: bu sayfada yukarıdaki Katlar kuralı.",
        "The source's “aşağıdaki katlar” (the multipliers below) is its section “Cezalar ne zaman ikiye "
        "katlanır?” that follows this sentence there: on this page, the Multipliers clause above.",
    ),
    _c(
        RuleId.KERIZIM_FOULS,
        "Fauller",
        "Fouls",
        "Oyun sırasında bazı hatalar anında 101 ceza puanı getirir. Bu puanlar el sonunda puanına eklenir "
        "ve katlardan etkilenmez.\n"
        "• Okeyi yana atmak: +101.\n"
        "• İşlek taşı atmak: Masadaki bir pere eklenebilecek ya da masadaki bir okeyin yerini alabilecek "
        "taşı atmak +101.\n"
        "• Yandan alıp kullanmamak: Yandan aldığın taşla açıp geri toplar ve yeniden açmadan taş atarsan "
        "+101. Süren dolduğunda açmış ama yan taşını masaya indirmemişsen de +101.",
        "Some mistakes during play immediately cost 101 penalty points. These points are added to your "
        "score at the end of the hand and are not affected by the multipliers.\n"
        "• Discarding the okey: +101.\n"
        "• Discarding an işlek tile: discarding a tile that could be added to a set on the table or could "
        "take the place of an okey on the table, +101.\n"
        "• Taking the side tile and not using it: if you open with the side tile you took, take the opening "
        "back and discard without opening again, +101. Also +101 if your time runs out when you have "
        "opened but not laid the side tile on the table.",
    ),
    _c(
        RuleId.KERIZIM_FINISHER_FOULS,
        "Bitirenin faulleri",
        "The finisher's fouls",
        "Eli bitiren oyuncunun o eldeki faulleri puanına yazılmaz: bitiren yalnızca −101 ya da −202 yazar. "
        "Eşli masada bu, bitirenin eşi için de geçerlidir.",
        "The fouls of the player who finished the hand are not written to their score: the finisher writes "
        "only −101 or −202. At a partners table this also holds for the finisher's partner.",
    ),
    _noted(
        _c(
            RuleId.KERIZIM_DECK_OUT,
            "Deste biterse",
            "The deck runs out",
            "Deste biter de kimse eli bitiremezse el bonussuz kapanır: kimse −101 almaz ve aşağıdaki katlar "
            "uygulanmaz. Elini açanlar elde kalanı, açamayanlar 202 yazar.",
            "If the deck runs out and nobody finishes the hand, the hand closes without a bonus: nobody gets "
            "−101 and the multipliers (the doubling rules under “Multipliers” on this page) do not apply. Those who opened write what is left in hand, those "
            "who could not open write 202.",
        ),
        "Kaynaktaki “aşağıdaki katlar”, kaynakta bu cümleden sonra gelen “Cezalar ne zaman ikiye katlanır?” "
        "bölümüdür: bu sayfada yukarıdaki Katlar kuralı.",
        "The source's “aşağıdaki katlar” (the multipliers below) is its section “Cezalar ne zaman ikiye "
        "katlanır?” that follows this sentence there: on this page, the Multipliers clause above.",
    ),
    _c(
        RuleId.KERIZIM_PARTNERS,
        "Eşli",
        "Partners",
        "Eşli masada iki eşin toplamı sayılır.",
        "At a partners table the two partners' combined total counts.",
        "D12",
    ),
    _c(
        RuleId.KERIZIM_WINNER,
        "Kazanan",
        "Winner",
        "Son el bitince her oyuncunun bütün ellerdeki puanları toplanır ve toplamı en düşük olan kazanır. "
        "Birden fazla oyuncu aynı en düşük toplamda kalırsa birlikte kazanırlar; herkes eşit kalırsa "
        "kazanan olmaz.",
        "When the last hand is over, each player's points from all hands are added up and the lowest "
        "total wins. If several players share the same lowest total they win together; if everyone is "
        "equal there is no winner.",
        "D14",
    ),
)


def _index(clause_rows: tuple[Clause, ...]) -> dict[RuleId, Clause]:
    # A dict would silently keep only the last of two clauses with one id: refuse instead.
    index: dict[RuleId, Clause] = {}
    for row in clause_rows:
        if row.id in index:
            raise ValueError(f"Duplicate rule clause {row.id!r}")
        index[row.id] = row
    return index


CLAUSES: dict[RuleId, Clause] = _index((*_LOCA, *_LOCA_CEZALI, *_GKOKAY, *_KERIZIM))
"""Every rule clause, one per :class:`RuleId`, in page order within each rule set."""


def clauses_for(ruleset_id: str) -> list[Clause]:
    """The clauses of one rule set, in page order; a clear :class:`LookupError` for an unknown set."""
    if ruleset_id not in RULESETS:
        raise LookupError(f"Unknown rule set {ruleset_id!r}; known: {', '.join(RULESETS)}")
    return [c for c in CLAUSES.values() if c.ruleset == ruleset_id]


def clause(rule_id: str) -> Clause:
    """The clause with this id (a :class:`RuleId` or its string); :class:`LookupError` if unknown."""
    found = CLAUSES.get(rule_id)  # a RuleId hashes and compares as its str
    if found is None:
        raise LookupError(f"Unknown rule clause {rule_id!r}")
    return found


@dataclass(frozen=True, slots=True)
class Combination:
    """A combination of finishes that follows from a rule set's tables without a sentence of its own.

    ``hand`` is a hand in the public JSON format; the rules page scores it live and the tests check
    that the engine gives the ``totals`` the text states.
    """

    id: str
    ruleset: str
    title_tr: str
    title_en: str
    text_tr: str
    text_en: str
    hand: dict
    totals: tuple[int, ...]
    team_lines: tuple[int, ...] = ()


COMBINATIONS: tuple[Combination, ...] = (
    Combination(
        id="cift-elden",
        ruleset="loca-cezali",
        title_tr="Çiftle açıp elden bitiş",
        title_en="Opening with pairs and finishing elden",
        text_tr=(
            "Çift dizle bitiş ve elden bitiş aynı satırdadır ve çarpanlar üst üste binmez: bitiren −202, "
            "rakiplerin el tabanı ×2. Per açmış rakip 10 için 20, hiç açamayan 404 yazar."
        ),
        text_en=(
            "A pairs finish and an elden finish share one row and multipliers never stack: the finisher "
            "writes −202 and opponents' hand bases are ×2. A sets opener holding 10 writes 20, a player "
            "who never opened 404."
        ),
        hand={
            "ruleset": "loca-cezali",
            "players": [
                {"name": "Ayşe", "opened": "pairs", "finished": True, "finish": {"elden": True}},
                {"name": "Bora", "opened": "sets", "remaining": {"points": 10}},
                {"name": "Cem"},
            ],
        },
        totals=(-202, 20, 404),
    ),
    Combination(
        id="151-okey-elden",
        ruleset="loca-cezali",
        title_tr="151+ ile açıp okeyle elden bitiş",
        title_en="Opening with 151+ and finishing elden with the okey",
        text_tr=(
            "Okeyle elden bitiş −404 ve ×4'tür; 151+ açılış ödülü −101 ayrıca yazılır ve çarpılmaz: "
            "bitiren toplam −505 yazar. Hiç açamayan rakip 808 öder."
        ),
        text_en=(
            "An okey elden finish is −404 and ×4; the 151+ opening reward of −101 is written on top and "
            "never multiplied: the finisher writes −505 in all. An opponent who never opened pays 808."
        ),
        hand={
            "ruleset": "loca-cezali",
            "players": [
                {
                    "name": "Ayşe",
                    "opened": "sets",
                    "finished": True,
                    "finish": {"okey_discard": True, "elden": True},
                    "first_opening": {"points": 156},
                },
                {"name": "Bora", "opened": "sets", "remaining": {"points": 10}},
                {"name": "Cem"},
            ],
        },
        totals=(-505, 40, 808),
    ),
    Combination(
        id="esli-cift-bitis",
        ruleset="loca-cezali",
        title_tr="Eşli masada çift dizle bitiş",
        title_en="A pairs finish at a partners table",
        text_tr=(
            "Sabit takım tabanı yalnız elden ve okeyli bitişlerdedir. Elden ve okeysiz çift dizle bitişte "
            "takım satırı yazılmaz: her rakip kendi el tabanını ×2 öder (10 için 20, hiç açamayan 404)."
        ),
        text_en=(
            "The fixed team base is only for elden and okey finishes. On a pairs finish without elden or "
            "okey there is no team line: each opponent pays their own hand base ×2 (20 for 10 held, 404 "
            "for a player who never opened)."
        ),
        hand={
            "ruleset": "loca-cezali",
            "options": {"partners": True},
            "players": [
                {"name": "Ayşe", "opened": "pairs", "finished": True},
                {"name": "Bora", "opened": "sets", "remaining": {"points": 10}},
                {"name": "Cem", "opened": "sets", "remaining": {"points": 5}},
                {"name": "Deniz"},
            ],
        },
        totals=(-202, 20, 0, 404),
    ),
)


def combinations_for(ruleset_id: str) -> list[Combination]:
    return [c for c in COMBINATIONS if c.ruleset == ruleset_id]
