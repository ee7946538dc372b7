"""The rule clauses of every rule set, the decisions D1–D14 of SCORING_SPEC §9 and D15 (issue 9).

This is the one source of rule text: the rules pages, the links on line items and the
decision notes all read from here. Each :class:`Clause` quotes its Turkish source text
verbatim (``text_tr``, checked against the seed files by the tests) and gives a faithful
English translation; each :class:`Decision` says, in both languages, what the app decided
where the sources are silent or ambiguous, with the source sentence(s) it rests on.

Pure data and a few look-ups: no Django import, no I/O.
"""

from dataclasses import dataclass, replace

from scorer.engine.codes import RuleId

SEED_LOCA = "000_92adc4d56318ac05.txt"
SEED_GKOKAY = "003_aed0d2e10b6656f9.txt"
SEED_KERIZIM = "004_d1fa6923440e46cb.txt"

QUOTE_SEPARATOR = " … "
"""Joins separate source passages inside one ``Decision.source_quote``."""


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
class Decision:
    """A decision of SCORING_SPEC §9, made where the sources are silent or ambiguous."""

    id: str
    text_tr: str
    text_en: str
    source_quote: str
    """Verbatim seed passage(s), joined by :data:`QUOTE_SEPARATOR`; empty if the source is silent."""
    title_tr: str = ""
    title_en: str = ""
    """A short human title for badges next to line items ("çift + okey bitişi ×4")."""


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


def _d(did: str, text_tr: str, text_en: str, *quotes: str) -> Decision:
    title_tr, title_en = DECISION_TITLES[did]
    return Decision(
        id=did,
        text_tr=text_tr,
        text_en=text_en,
        source_quote=QUOTE_SEPARATOR.join(quotes),
        title_tr=title_tr,
        title_en=title_en,
    )


DECISION_TITLES = {
    "D1": ("elde kalan okey 101", "okey left in hand 101"),
    "D2": ("Kerizim çift ×2 katlarla biner", "Kerizim pairs ×2 stacks"),
    "D3": ("GkOkay'de çift katı yok", "no pairs doubling in GkOkay"),
    "D4": ("klasikte elden ek puan getirmez", "elden adds nothing in klasik"),
    "D5": ("çift + okey bitişi ×4", "pairs + okey finish ×4"),
    "D6": ("eşli çift + okey: 808 / 1600", "partners, pairs + okey: 808 / 1600"),
    "D7": ("özel bitişte 202 bir kez katlanır", "special finish: 202 multiplied once"),
    "D8": ("açmayana da okey +101", "okey +101 for non-openers too"),
    "D9": ("fauller bitirene de yazılır", "fouls count for the finisher too"),
    "D10": ("GkOkay'de deste bitişi kuralı yok", "GkOkay has no deck-out rule"),
    "D11": ("bitirenin eşi taban ödemez", "the finisher's partner pays no base"),
    "D12": ("bitirenin eşi taban ödemez", "the finisher's partner pays no base"),
    "D13": ("çift açılışın kendi zinciri", "pairs openings have their own chain"),
    "D14": ("eşitlikte birlikte kazanılır", "tied players win together"),
    "D15": ("çiftle bitiren −202", "a pairs finisher writes −202"),
}


DECISIONS: dict[str, Decision] = {
    d.id: d
    for d in (
        _d(
            "D1",
            "Elde kalan gerçek okey 101 puan yazılır; taş değeri ayrıca eklenmez, çünkü okey elde hiçbir "
            "taşın yerine geçmez. LOCA'da açmış oyuncunun elinde kalan sahte okey için de taş başına 101 ek "
            "ceza yazılır; sahte okeyin kendi değeri (okeyin sayısı) da sayılır.",
            "A real okey left in hand counts 101 and its face value is not added: a joker stands for no "
            "tile in hand. LOCA also charges an opener 101 per fake okey left in hand, on top of the fake "
            "okey's own value (the okey's number).",
            "Elinde okey (veya sahte okey) kalan açmış oyuncuya taş başına 101 ek ceza.",
            "Elde kalan okey 101 sayılır, sahte okey ise okeyin sayısı kadar.",
            "elde kalan her okey +101'dir.",
        ),
        _d(
            "D2",
            "Kerizim'de elini çiftle açıp bitiremeyen oyuncu elde kalanın iki katını yazar ve bitiş katları "
            "bunun üstüne biner: çiftle bitirilen elde çiftle açmış oyuncu elde kalanın dört katını yazar.",
            "Kerizim: a player who opened with pairs and did not finish pays twice the tiles left, and the "
            "finish multipliers stack on top: on a pairs finish a pairs opener pays four times the tiles left.",
            "Elini çiftle açan ise yine elde kalanın iki katını yazar.",
            "İki durum aynı elde olursa katlar üst üste biner",
        ),
        _d(
            "D3",
            "GkOkay'de çiftle açanın eli iki katına çıkmaz: kaynakta böyle bir kural yoktur. Çiftle açan da "
            "elinde kalan taşların toplamını ve okey cezasını yazar.",
            "GkOkay has no pairs doubling: the source has no such rule. A pairs opener pays the tiles left "
            "and the okey charge like any other opener.",
            "diğer oyuncuların elinde kalan taşların toplamı yazılır.",
        ),
        _d(
            "D4",
            "LOCA Klasik'te elden bitme kurallarda anlatılır ama PUANLAMA tablosunda yer almaz: elden bitiş "
            "ek puan getirmez, bitiren tablodaki bitişin (normal, çift ya da okey) puanını yazar.",
            "LOCA classic: elden finishing is described in the rules but is not in the PUANLAMA table, so "
            "it earns nothing extra; the finisher gets the table's score for the finish (normal, pairs or okey).",
            "ELDEN BİTME: hiç açmamışken tek hamlede açıp aynı anda bitirmektir.",
        ),
        _d(
            "D5",
            "LOCA Cezalı'da hem çiftle hem okey atarak bitişte bitiren, klasik tablodaki gibi −808 yazar; "
            "rakiplerin el tabanı ×4 olur, ×8 değil. Kaynak hiç açamayan rakibin okeyli bitişte 808 "
            "ödediğini söyler ve Cezalı'da bitiş çarpanları üst üste binmez: okeyle elden bitiş −404 ve "
            "×4'tür, çiftin ×2'si de bitiş çarpanıyla çarpılmaz. Hiç açamayan rakip 808 öder (1616 değil).",
            "LOCA Cezalı, pairs plus okey-discard finish: the finisher writes −808 as in the classic table, "
            "but the opponents' hand bases are ×4, not ×8. The source says a never-opened opponent pays 808 "
            "on an okey finish, and Cezalı never stacks finish multipliers: okey plus elden is −404 and ×4, "
            "and the pairs ×2 is not multiplied by the finish multiplier. A never-opened opponent pays 808 "
            "(not 1616).",
            "Yukarıdaki klasik kuralların tamamı geçerlidir",
            "Hem çiftle hem okey atarak bitiş −808",
            "Hiç açamayan rakibin tabanı 202'dir ve aynı çarpanla büyür: elden bitişte 404, okeyli bitişte 808.",
            "9 çift + 1 seri ile bitiş, okeyle elden bitişin eşdeğeridir: −404 ve ×4.",
            "Çiftle açıp bitirememenin ×2'si bitiş çarpanıyla ÇARPILMAZ; ikisinden yalnız BÜYÜK olan uygulanır.",
        ),
        _d(
            "D6",
            "Cezalı 101 Eşli'de hem çiftle hem okey atarak bitiş bir okeyli bitiştir: elden değilse karşı "
            "takım “okeyle normal bitiş” gibi 808, elden ise “okey ile elden bitiş” gibi 1600 öder.",
            "Cezalı 101 with partners: a pairs plus okey-discard finish is an okey finish. Without elden the "
            "opposing team pays 808, like a “normal finish with the okey”; with elden it pays 1600, like an "
            "“okey elden finish”.",
            "Elden bitiş, 151+ elden bitiş ve okeyle normal bitiş: 808",
            "Okey ile ELDEN bitiş (9 çift + 1 seri dâhil): 1600",
        ),
        _d(
            "D7",
            "GkOkay'deki “özel bitişlerde katlanır” ifadesinde özel bitişler elden bitiş, çift dizle bitiş "
            "ve okey atarak bitiştir. Yalnız hiç açmamış oyuncunun 202'si katlanır (404 olur), birden çok "
            "özel durum olsa da bir kez.",
            "GkOkay's “multiplied on special finishes”: the special finishes are elden, a pairs finish and an "
            "okey-discard finish. Only a non-opener's 202 is multiplied, by 2 (to 404), and only once, even "
            "if several apply.",
            "Hiç el açmamış oyuncu 202 puan alır (özel bitişlerde katlanır)",
        ),
        _d(
            "D8",
            "GkOkay'de “elde kalan her okey +101” kuralı bitiremeyen herkese uygulanır: hiç açmamış oyuncu "
            "da 202'nin (ya da 404'ün) üstüne okey başına 101 yazar.",
            "GkOkay: “each okey left in hand +101” applies to every non-finisher, non-openers too: they pay "
            "101 per okey on top of their 202 (or 404).",
            "Hiç el açmamış oyuncu 202 puan alır (özel bitişlerde katlanır), elde kalan her okey +101'dir.",
        ),
        _d(
            "D9",
            "GkOkay cezalı masalarda fauller eli bitiren oyuncuya da yazılır, LOCA Cezalı'daki gibi. "
            "Bitirenin faullerini silen kural yalnız Kerizim'indir ve yalnız Kerizim'de geçerlidir.",
            "GkOkay cezalı tables: fouls count for the finisher too, as in LOCA Cezalı. Only Kerizim's "
            "rules waive the finisher's fouls, and only in Kerizim.",
            "El içi ihlal cezaları bitiş çarpanlarının dışındadır ve eli bitiren oyuncuya da işler.",
            "Eli bitiren oyuncunun o eldeki faulleri puanına yazılmaz",
        ),
        _d(
            "D10",
            "GkOkay'de deste biterse: kaynakta beraberlik kuralı yoktur, el bitiren olmadan puanlanır. "
            "Kimse bitirdiği için 0 yazmaz; açanlar elinde kalanı, hiç açmayanlar 202 ve okey cezasını "
            "yazar; katlama olmaz.",
            "GkOkay, deck ran out: the source has no draw rule, so the hand is scored without a finisher. "
            "Nobody writes 0 for finishing; openers pay what they hold, non-openers 202 plus the okey "
            "charge; nothing is doubled.",
        ),
        _d(
            "D11",
            "GkOkay eşli masada eli bitirenin ortağı el sonu cezası (el tabanı) ödemez, yalnız kendi "
            "faullerini öder. Kaynak yalnız takım puanlarının toplandığını söyler; bu, LOCA kuralı ve "
            "yaygın uygulamadır.",
            "GkOkay with partners: the finisher's partner pays no hand base, only their own fouls. The "
            "source only says that team scores are summed; this is the LOCA rule and common practice.",
            "Eşli 101'de takım arkadaşlarının puanları toplanır.",
            "Eli bitirenin ortağı el sonu cezasından muaftır; kendi el içi ihlallerini yine de öder.",
        ),
        _d(
            "D12",
            "Kerizim eşli masada eli bitirenin ortağı el tabanı ödemez; faulleri de yazılmaz. Kaynak yalnız "
            "iki eşin toplamının sayıldığını ve ortağın faullerinin yazılmadığını söyler; taban muafiyeti "
            "LOCA kuralı ve yaygın uygulamadır.",
            "Kerizim with partners: the finisher's partner pays no hand base, and their fouls are not "
            "written. The source only says the partners' totals are summed and the partner's fouls are "
            "not written; the base exemption is the LOCA rule and common practice.",
            "Eşli masada bu, bitirenin eşi için de geçerlidir.",
            "Eşli masada iki eşin toplamı sayılır.",
        ),
        _d(
            "D13",
            "GkOkay katlamalı masada kaynak yalnız puanla açılış örneği verir. Çift açılışlar LOCA'daki "
            "gibi kendi zincirini izler: önceki çift açılışı en az 1 çift geçmek gerekir ve her eşik yalnız "
            "kendi türüyle yükselir.",
            "GkOkay katlamalı tables: the source gives a points example only. Pairs openings follow their "
            "own chain as in LOCA: they must beat the previous pairs opening by at least 1 pair, and each "
            "threshold rises only with its own kind.",
            "Katlamalı masada her yeni açılış bir öncekini geçmelidir (102 ile açıldıysa sonraki 103 ister).",
            "ÖNEMLİ: her eşik yalnız KENDİ türüyle yükselir.",
        ),
        _d(
            "D14",
            "Kerizim'in eşitlik kuralı bütün kural setlerinde geçerlidir: en düşük toplamda kalan birden "
            "çok oyuncu (ya da takım) birlikte kazanır; herkes eşit kalırsa kazanan olmaz.",
            "Kerizim's tie rule applies to every rule set: several players (or teams) tied at the lowest "
            "total all win; if everyone is equal there is no winner.",
            "Birden fazla oyuncu aynı en düşük toplamda kalırsa birlikte kazanırlar; herkes eşit kalırsa "
            "kazanan olmaz.",
        ),
        _d(
            "D15",
            "Kerizim'de bitiren, elini çiftle açtıysa −202, değilse −101 yazar. Kaynak bitirenin yalnızca "
            "−101 ya da −202 yazdığını söyler ve örnek elinde aynı eli 5 çiftle açılıp bitirilmiş gibi "
            "yeniden hesaplar; −202'yi çiftle bitişe bağlayan açık bir cümle yoktur.",
            "Kerizim: the finisher writes −202 after opening with pairs, −101 otherwise. The source says the "
            "finisher writes only −101 or −202 and its worked example recomputes the same hand as if it had "
            "been opened and finished with 5 pairs; no sentence ties −202 to the pairs finish explicitly.",
            "bitiren yalnızca −101 ya da −202 yazar.",
            "Şimdi aynı eli, sen 5 çiftle açıp bitirmiş olsaydın diye hesaplayalım:",
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


_LOCA = (
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
        "written once.",
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
    ),
)

_GKOKAY = (
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
    _c(
        RuleId.GKOKAY_THRESHOLD,
        "Katlamalı masa",
        "Katlamalı tables",
        "Katlamalı masada her yeni açılış bir öncekini geçmelidir (102 ile açıldıysa sonraki 103 ister). "
        "Katlamasız masada baraj 101 / 5 çift olarak kalır.",
        "At a katlamalı table every new opening must beat the previous one (after an opening with 102, the "
        "next needs 103). At a katlamasız table the threshold stays at 101 / 5 pairs.",
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
    _c(
        RuleId.KERIZIM_PAIRS_DOUBLE,
        "Çiftle açanın eli",
        "Pairs opener's hand",
        "Deste biter de kimse eli bitiremezse el bonussuz kapanır: kimse −101 almaz ve aşağıdaki katlar "
        "uygulanmaz. Elini açanlar elde kalanı, açamayanlar 202 yazar. Elini çiftle açan ise yine elde "
        "kalanın iki katını yazar.",
        "If the deck runs out and nobody finishes the hand, the hand closes without a bonus: nobody gets "
        "−101 and the multipliers below do not apply. Those who opened write what is left in hand, those "
        "who could not open write 202. A player who opened with pairs, however, still writes twice what "
        "is left in hand.",
        "D2",
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
    _c(
        RuleId.KERIZIM_DECK_OUT,
        "Deste biterse",
        "The deck runs out",
        "Deste biter de kimse eli bitiremezse el bonussuz kapanır: kimse −101 almaz ve aşağıdaki katlar "
        "uygulanmaz. Elini açanlar elde kalanı, açamayanlar 202 yazar.",
        "If the deck runs out and nobody finishes the hand, the hand closes without a bonus: nobody gets "
        "−101 and the multipliers below do not apply. Those who opened write what is left in hand, those "
        "who could not open write 202.",
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


def decision(did: str) -> Decision:
    """The decision with this id ("D1" … "D14"); :class:`LookupError` if unknown."""
    found = DECISIONS.get(did)
    if found is None:
        raise LookupError(f"Unknown decision {did!r}; known: {', '.join(DECISIONS)}")
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
