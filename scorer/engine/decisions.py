"""The decisions D1–D16 of SCORING_SPEC §9: what okeycalc decided where the sources are silent or
ambiguous, each with the source passages it rests on.

Every passage is a :class:`Quote` of one source text, labelled with that text and the section it
stands in, and translated into English: a decision often weighs sentences of different texts
against each other (D9 sets a LOCA Cezalı sentence against a Kerizim one), and a reader must see
which text says what. A decision names the rule sets it concerns; a rules page shows only those
(SCORING_SPEC §9). The tests check every quote verbatim against the seed files and check that
its section really holds it.

Pure data and a look-up: no Django import, no I/O.
"""

from dataclasses import dataclass

SEED_LOCA = "000_92adc4d56318ac05.txt"
SEED_GKOKAY = "003_aed0d2e10b6656f9.txt"
SEED_KERIZIM = "004_d1fa6923440e46cb.txt"

SOURCE_NAMES = {SEED_LOCA: "LOCA 101", SEED_GKOKAY: "GkOkay 101", SEED_KERIZIM: "Kerizim 101"}
"""The name of each source text, as a quote's label shows it."""

SECTIONS: dict[str, dict[str, str]] = {
    SEED_LOCA: {
        "AMAÇ": "Aim",
        "TAŞLAR VE DAĞITIM": "Tiles and dealing",
        "GÖSTERGE VE OKEY": "Indicator and okey",
        "PER, SERİ VE ÇİFT": "Sets, runs and pairs",
        "TAŞ DEĞERLERİ": "Tile values",
        "EL AÇMA": "Opening",
        "İŞLEME (masadaki taşlara ekleme)": "Laying off",
        "ISKARTADAN (yerden) TAŞ ALMA": "Taking from the discards",
        "OKEY TAKASI": "Okey swap",
        "ELİ BİTİRME": "Finishing the hand",
        "PUANLAMA": "Scoring",
        "EL İÇİ CEZALAR": "In-hand penalties",
        "MASA TÜRLERİ": "Table types",
        "SÜRE VE OTOMATİK HAMLE": "Time and automatic moves",
        "CEZALI 101": "Cezalı 101",
        "CEZALI 101 EŞLİ": "Cezalı 101 with partners",
    },
    SEED_GKOKAY: {
        "Taşlar, gösterge ve okey": "Tiles, indicator and okey",
        "Dağıtım ve sıra": "Dealing and turns",
        "El açmak: 101 puan veya 5 çift": "Opening: 101 points or 5 pairs",
        "İşlemek ve okey almak": "Laying off and taking the okey",
        "Cezalar (cezalı masalar)": "Penalties (cezalı tables)",
        "Puanlama ve kazanan": "Scoring and the winner",
    },
    SEED_KERIZIM: {
        "Temel kural: düşük puan kazanır": "The basic rule: the lowest score wins",
        "El sonunda kim ne yazar?": "Who writes what at the end of a hand?",
        "Cezalar ne zaman ikiye katlanır?": "When are penalties doubled?",
        "+101 cezaları: fauller": "+101 penalties: fouls",
        "Örnek el: puanları birlikte hesaplayalım": "A sample hand: let's score it together",
        "Oyun sonu: kim kazanır?": "End of the game: who wins?",
    },
}
"""The section headings of each source text (verbatim, in order) and their English names."""

ALL_RULESETS = ("loca", "loca-cezali", "gkokay", "kerizim")


@dataclass(frozen=True, slots=True)
class Quote:
    """A verbatim passage of one source text, the section it stands in, and its English translation."""

    seed: str
    section: str
    text_tr: str
    text_en: str

    @property
    def source(self) -> str:
        """The source text's name ("LOCA 101")."""
        return SOURCE_NAMES[self.seed]

    @property
    def section_tr(self) -> str:
        return self.section

    @property
    def section_en(self) -> str:
        return SECTIONS[self.seed][self.section]


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision of SCORING_SPEC §9, made where the sources are silent or ambiguous."""

    id: str
    title_tr: str
    title_en: str
    """A short human title for badges next to line items ("çift + okey bitişi ×4")."""
    text_tr: str
    text_en: str
    rulesets: tuple[str, ...]
    """The rule sets the decision concerns: their rules pages show it, the others do not."""
    quotes: tuple[Quote, ...] = ()
    """The source passages it rests on, each labelled with its text; empty if the sources are silent."""


def _loca(section: str, text_tr: str, text_en: str) -> Quote:
    return Quote(SEED_LOCA, section, text_tr, text_en)


def _gkokay(section: str, text_tr: str, text_en: str) -> Quote:
    return Quote(SEED_GKOKAY, section, text_tr, text_en)


def _kerizim(section: str, text_tr: str, text_en: str) -> Quote:
    return Quote(SEED_KERIZIM, section, text_tr, text_en)


LOCA_PAIRS_OKEY_808 = _loca(
    "PUANLAMA",
    "Hem çiftle hem okey atarak bitiş −808",
    "Finish both with pairs and by discarding the okey −808",
)
CEZALI_NOT_OPENED_808 = _loca(
    "CEZALI 101",
    "Hiç açamayan rakibin tabanı 202'dir ve aynı çarpanla büyür: elden bitişte 404, okeyli bitişte 808.",
    "An opponent who never opened has a base of 202, which grows with the same multiplier: 404 on an "
    "elden finish, 808 on an okey finish.",
)
KERIZIM_TIE = _kerizim(
    "Oyun sonu: kim kazanır?",
    "Birden fazla oyuncu aynı en düşük toplamda kalırsa birlikte kazanırlar; herkes eşit kalırsa "
    "kazanan olmaz.",
    "If several players share the same lowest total they win together; if everyone is equal there is "
    "no winner.",
)

DECISIONS: dict[str, Decision] = {
    d.id: d
    for d in (
        Decision(
            "D1",
            "elde kalan okey 101",
            "okey left in hand 101",
            "Elde kalan gerçek okey 101 puan yazılır; taş değeri ayrıca eklenmez, çünkü okey elde hiçbir "
            "taşın yerine geçmez. LOCA'da açmış oyuncunun elinde kalan sahte okey için de taş başına 101 ek "
            "ceza yazılır; sahte okeyin kendi değeri (okeyin sayısı) da sayılır.",
            "A real okey left in hand counts 101 and its face value is not added: a joker stands for no "
            "tile in hand. LOCA also charges an opener 101 per fake okey left in hand, on top of the fake "
            "okey's own value (the okey's number).",
            ALL_RULESETS,
            (
                _loca(
                    "PUANLAMA",
                    "Elinde okey (veya sahte okey) kalan açmış oyuncuya taş başına 101 ek ceza.",
                    "An opener left holding an okey (or a fake okey) pays an extra 101 per such tile.",
                ),
                _kerizim(
                    "El sonunda kim ne yazar?",
                    "Elde kalan okey 101 sayılır, sahte okey ise okeyin sayısı kadar.",
                    "An okey left in hand counts 101, a fake okey as much as the okey's number.",
                ),
                _gkokay(
                    "Puanlama ve kazanan", "elde kalan her okey +101'dir.", "each okey left in hand is +101."
                ),
            ),
        ),
        Decision(
            "D2",
            "Kerizim çift ×2 katlarla biner",
            "Kerizim pairs ×2 stacks",
            "Kerizim'de elini çiftle açıp bitiremeyen oyuncu elde kalanın iki katını yazar ve bitiş katları "
            "bunun üstüne biner: çiftle bitirilen elde çiftle açmış oyuncu elde kalanın dört katını yazar.",
            "Kerizim: a player who opened with pairs and did not finish pays twice the tiles left, and the "
            "finish multipliers stack on top: on a pairs finish a pairs opener pays four times the tiles left.",
            ("kerizim",),
            (
                _kerizim(
                    "El sonunda kim ne yazar?",
                    "Elini çiftle açan ise yine elde kalanın iki katını yazar.",
                    "A player who opened with pairs, however, still writes twice what is left in hand.",
                ),
                _kerizim(
                    "Cezalar ne zaman ikiye katlanır?",
                    "İki durum aynı elde olursa katlar üst üste biner",
                    "If both happen in the same hand the multipliers stack",
                ),
            ),
        ),
        Decision(
            "D3",
            "GkOkay'de çift katı yok",
            "no pairs doubling in GkOkay",
            "GkOkay'de çiftle açanın eli iki katına çıkmaz: kaynakta böyle bir kural yoktur. Çiftle açan da "
            "elinde kalan taşların toplamını ve okey cezasını yazar.",
            "GkOkay has no pairs doubling: the source has no such rule. A pairs opener pays the tiles left "
            "and the okey charge like any other opener.",
            ("gkokay",),
            (
                _gkokay(
                    "Puanlama ve kazanan",
                    "diğer oyuncuların elinde kalan taşların toplamı yazılır.",
                    "the other players write the total of the tiles left in their hands.",
                ),
            ),
        ),
        Decision(
            "D4",
            "klasikte elden ek puan getirmez",
            "elden adds nothing in klasik",
            "LOCA Klasik'te elden bitme kurallarda anlatılır ama PUANLAMA tablosunda yer almaz: elden bitiş "
            "ek puan getirmez, bitiren tablodaki bitişin (normal, çift ya da okey) puanını yazar.",
            "LOCA classic: elden finishing is described in the rules but is not in the PUANLAMA table, so "
            "it earns nothing extra; the finisher gets the table's score for the finish (normal, pairs or okey).",
            ("loca",),
            (
                _loca(
                    "ELİ BİTİRME",
                    "ELDEN BİTME: hiç açmamışken tek hamlede açıp aynı anda bitirmektir.",
                    "ELDEN FINISH: opening and finishing at the same time in a single move, never having "
                    "opened before.",
                ),
            ),
        ),
        Decision(
            "D5",
            "çift + okey bitişi ×4",
            "pairs + okey finish ×4",
            "LOCA Cezalı'da hem çiftle hem okey atarak bitişte bitiren, klasik tablodaki gibi −808 yazar; "
            "rakiplerin el tabanı ×4 olur, ×8 değil. Kaynak hiç açamayan rakibin okeyli bitişte 808 "
            "ödediğini söyler ve Cezalı'da bitiş çarpanları üst üste binmez: okeyle elden bitiş −404 ve "
            "×4'tür, çiftin ×2'si de bitiş çarpanıyla çarpılmaz. Hiç açamayan rakip 808 öder (1616 değil).",
            "LOCA Cezalı, pairs plus okey-discard finish: the finisher writes −808 as in the classic table, "
            "but the opponents' hand bases are ×4, not ×8. The source says a never-opened opponent pays 808 "
            "on an okey finish, and Cezalı never stacks finish multipliers: okey plus elden is −404 and ×4, "
            "and the pairs ×2 is not multiplied by the finish multiplier. A never-opened opponent pays 808 "
            "(not 1616).",
            ("loca-cezali",),
            (
                _loca(
                    "CEZALI 101",
                    "Yukarıdaki klasik kuralların tamamı geçerlidir",
                    "All of the classic rules above apply",
                ),
                LOCA_PAIRS_OKEY_808,
                CEZALI_NOT_OPENED_808,
                _loca(
                    "CEZALI 101",
                    "9 çift + 1 seri ile bitiş, okeyle elden bitişin eşdeğeridir: −404 ve ×4.",
                    "Finishing with 9 pairs + 1 run is equivalent to an okey elden finish: −404 and ×4.",
                ),
                _loca(
                    "CEZALI 101",
                    "Çiftle açıp bitirememenin ×2'si bitiş çarpanıyla ÇARPILMAZ; ikisinden yalnız BÜYÜK olan "
                    "uygulanır.",
                    "The ×2 for opening with pairs and not finishing is NOT MULTIPLIED by the finish "
                    "multiplier; only the LARGER of the two applies.",
                ),
            ),
        ),
        Decision(
            "D6",
            "eşli çift + okey: 808 / 1600",
            "partners, pairs + okey: 808 / 1600",
            "Cezalı 101 Eşli'de hem çiftle hem okey atarak bitiş bir okeyli bitiştir: elden değilse karşı "
            "takım “okeyle normal bitiş” gibi 808, elden ise “Okey ile ELDEN bitiş” gibi 1600 öder.",
            "Cezalı 101 with partners: a pairs plus okey-discard finish is an okey finish. Without elden the "
            "opposing team pays 808, like a “normal finish with the okey”; with elden it pays 1600, like an "
            "“okey ELDEN finish”.",
            ("loca-cezali",),
            (
                _loca(
                    "CEZALI 101 EŞLİ",
                    "Elden bitiş, 151+ elden bitiş ve okeyle normal bitiş: 808",
                    "Elden finish, 151+ elden finish and normal finish with the okey: 808",
                ),
                _loca(
                    "CEZALI 101 EŞLİ",
                    "Okey ile ELDEN bitiş (9 çift + 1 seri dâhil): 1600",
                    "Okey ELDEN finish (9 pairs + 1 run included): 1600",
                ),
            ),
        ),
        Decision(
            "D7",
            "özel bitişte 202 bir kez katlanır",
            "special finish: 202 multiplied once",
            "GkOkay'deki “özel bitişlerde katlanır” ifadesinde özel bitişler elden bitiş, çift dizle bitiş "
            "ve okey atarak bitiştir. Yalnız hiç açmamış oyuncunun 202'si katlanır (404 olur), birden çok "
            "özel durum olsa da bir kez.",
            "GkOkay's “multiplied on special finishes”: the special finishes are elden, a pairs finish and an "
            "okey-discard finish. Only a non-opener's 202 is multiplied, by 2 (to 404), and only once, even "
            "if several apply.",
            ("gkokay",),
            (
                _gkokay(
                    "Puanlama ve kazanan",
                    "Hiç el açmamış oyuncu 202 puan alır (özel bitişlerde katlanır)",
                    "A player who never opened gets 202 points (multiplied on special finishes)",
                ),
            ),
        ),
        Decision(
            "D8",
            "açmayana da okey +101",
            "okey +101 for non-openers too",
            "GkOkay'de “elde kalan her okey +101” kuralı bitiremeyen herkese uygulanır: hiç açmamış oyuncu "
            "da 202'nin (ya da 404'ün) üstüne okey başına 101 yazar.",
            "GkOkay: “each okey left in hand +101” applies to every non-finisher, non-openers too: they pay "
            "101 per okey on top of their 202 (or 404).",
            ("gkokay",),
            (
                _gkokay(
                    "Puanlama ve kazanan",
                    "Hiç el açmamış oyuncu 202 puan alır (özel bitişlerde katlanır), elde kalan her okey +101'dir.",
                    "A player who never opened gets 202 points (multiplied on special finishes), and each "
                    "okey left in hand is +101.",
                ),
            ),
        ),
        Decision(
            "D9",
            "fauller bitirene de yazılır",
            "fouls count for the finisher too",
            "GkOkay cezalı masalarda fauller eli bitiren oyuncuya da yazılır, LOCA Cezalı'daki gibi. GkOkay "
            "metni bu konuda bir şey söylemez. Bitirenin faullerini silen kural yalnız Kerizim metnindedir ve "
            "yalnız Kerizim'de geçerlidir.",
            "GkOkay cezalı tables: fouls count for the finisher too, as in LOCA Cezalı. GkOkay's text says "
            "nothing on this point. The rule that waives the finisher's fouls is only in Kerizim's text and "
            "applies only in Kerizim.",
            ("gkokay",),
            (
                _loca(
                    "CEZALI 101",
                    "El içi ihlal cezaları bitiş çarpanlarının dışındadır ve eli bitiren oyuncuya da işler.",
                    "In-hand foul penalties are outside the finish multipliers and apply to the player who "
                    "finished the hand as well.",
                ),
                _kerizim(
                    "+101 cezaları: fauller",
                    "Eli bitiren oyuncunun o eldeki faulleri puanına yazılmaz",
                    "The fouls of the player who finished the hand are not written to their score",
                ),
            ),
        ),
        Decision(
            "D10",
            "GkOkay'de deste bitişi kuralı yok",
            "GkOkay has no deck-out rule",
            "GkOkay'de deste biterse: kaynakta beraberlik kuralı yoktur, el bitiren olmadan puanlanır. "
            "Kimse bitirdiği için 0 yazmaz; açanlar elinde kalanı, hiç açmayanlar 202 ve okey cezasını "
            "yazar; katlama olmaz.",
            "GkOkay, deck ran out: the source has no draw rule, so the hand is scored without a finisher. "
            "Nobody writes 0 for finishing; openers pay what they hold, non-openers 202 plus the okey "
            "charge; nothing is doubled.",
            ("gkokay",),
        ),
        Decision(
            "D11",
            "bitirenin eşi taban ödemez",
            "the finisher's partner pays no base",
            "GkOkay eşli masada eli bitirenin ortağı el sonu cezası (el tabanı) ödemez, yalnız kendi "
            "faullerini öder. GkOkay metni yalnız takım puanlarının toplandığını söyler; ortağın muafiyeti "
            "LOCA metninin kuralı ve yaygın uygulamadır.",
            "GkOkay with partners: the finisher's partner pays no hand base, only their own fouls. GkOkay's "
            "text only says that team scores are summed; the partner's exemption is the rule of LOCA's text "
            "and common practice.",
            ("gkokay",),
            (
                _gkokay(
                    "Puanlama ve kazanan",
                    "Eşli 101'de takım arkadaşlarının puanları toplanır.",
                    "In partners 101 the teammates' points are added together.",
                ),
                _loca(
                    "MASA TÜRLERİ",
                    "Eli bitirenin ortağı el sonu cezasından muaftır; kendi el içi ihlallerini yine de öder.",
                    "The finisher's partner is exempt from the end-of-hand penalty but still pays for their "
                    "own in-hand fouls.",
                ),
            ),
        ),
        Decision(
            "D12",
            "bitirenin eşi taban ödemez",
            "the finisher's partner pays no base",
            "Kerizim eşli masada eli bitirenin ortağı el tabanı ödemez; faulleri de yazılmaz. Kaynak yalnız "
            "iki eşin toplamının sayıldığını ve ortağın faullerinin yazılmadığını söyler; taban muafiyeti "
            "LOCA kuralı ve yaygın uygulamadır.",
            "Kerizim with partners: the finisher's partner pays no hand base, and their fouls are not "
            "written. The source only says the partners' totals are summed and the partner's fouls are "
            "not written; the base exemption is the LOCA rule and common practice.",
            ("kerizim",),
            (
                _kerizim(
                    "+101 cezaları: fauller",
                    "Eşli masada bu, bitirenin eşi için de geçerlidir.",
                    "At a partners table this also holds for the finisher's partner.",
                ),
                _kerizim(
                    "Oyun sonu: kim kazanır?",
                    "Eşli masada iki eşin toplamı sayılır.",
                    "At a partners table the two partners' combined total counts.",
                ),
            ),
        ),
        Decision(
            "D13",
            "çift açılışın kendi zinciri",
            "pairs openings have their own chain",
            "GkOkay katlamalı masada kaynak yalnız puanla açılış örneği verir. Çift açılışlar LOCA'daki "
            "gibi kendi zincirini izler: önceki çift açılışı en az 1 çift geçmek gerekir ve her eşik yalnız "
            "kendi türüyle yükselir.",
            "GkOkay katlamalı tables: the source gives a points example only. Pairs openings follow their "
            "own chain as in LOCA: they must beat the previous pairs opening by at least 1 pair, and each "
            "threshold rises only with its own kind.",
            ("gkokay",),
            (
                _gkokay(
                    "El açmak: 101 puan veya 5 çift",
                    "Katlamalı masada her yeni açılış bir öncekini geçmelidir (102 ile açıldıysa sonraki 103 ister).",
                    "At a katlamalı table every new opening must beat the previous one (after an opening "
                    "with 102, the next needs 103).",
                ),
                _loca(
                    "MASA TÜRLERİ",
                    "ÖNEMLİ: her eşik yalnız KENDİ türüyle yükselir.",
                    "IMPORTANT: each threshold rises only with its OWN kind.",
                ),
            ),
        ),
        Decision(
            "D14",
            "eşitlikte birlikte kazanılır",
            "tied players win together",
            "Kerizim'in eşitlik kuralı bütün kural setlerinde geçerlidir: en düşük toplamda kalan birden "
            "çok oyuncu (ya da takım) birlikte kazanır; herkes eşit kalırsa kazanan olmaz.",
            "Kerizim's tie rule applies to every rule set: several players (or teams) tied at the lowest "
            "total all win; if everyone is equal there is no winner.",
            ALL_RULESETS,
            (KERIZIM_TIE,),
        ),
        Decision(
            "D15",
            "çiftle bitiren −202",
            "a pairs finisher writes −202",
            "Kerizim'de bitiren, elini çiftle açtıysa −202, değilse −101 yazar. Kaynak bitirenin yalnızca "
            "−101 ya da −202 yazdığını söyler ve örnek elinde aynı eli 5 çiftle açılıp bitirilmiş gibi "
            "yeniden hesaplar; −202'yi çiftle bitişe bağlayan açık bir cümle yoktur.",
            "Kerizim: the finisher writes −202 after opening with pairs, −101 otherwise. The source says the "
            "finisher writes only −101 or −202 and its worked example recomputes the same hand as if it had "
            "been opened and finished with 5 pairs; no sentence ties −202 to the pairs finish explicitly.",
            ("kerizim",),
            (
                _kerizim(
                    "+101 cezaları: fauller",
                    "bitiren yalnızca −101 ya da −202 yazar.",
                    "the finisher writes only −101 or −202.",
                ),
                _kerizim(
                    "Örnek el: puanları birlikte hesaplayalım",
                    "Şimdi aynı eli, sen 5 çiftle açıp bitirmiş olsaydın diye hesaplayalım:",
                    "Now let's score the same hand as if you had opened and finished with 5 pairs:",
                ),
            ),
        ),
        Decision(
            "D16",
            "çiftle biten okey atabilir",
            "a pairs finish may discard the okey",
            "LOCA metninin bitiş bölümü “Çiftle bitişte taş atılmaz” der; oysa PUANLAMA tablosu “Hem çiftle "
            "hem okey atarak bitiş −808” puanını verir ve Cezalı'nın “okeyli bitişte 808” kuralı da bunun "
            "üstüne kurulur. okeycalc tabloları izler: çiftle biten oyuncu okeyi atarak bitirebilir (D5, D6).",
            "LOCA's text says in its finishing section “Çiftle bitişte taş atılmaz” (no tile is discarded on "
            "a pairs finish), yet its PUANLAMA table scores “Hem çiftle hem okey atarak bitiş −808” (a finish "
            "both with pairs and by discarding the okey), and Cezalı's “okeyli bitişte 808” builds on it. "
            "okeycalc follows the tables: a pairs finisher may finish by discarding the okey (D5, D6).",
            ("loca", "loca-cezali"),
            (
                _loca(
                    "ELİ BİTİRME",
                    "Çiftle bitişte taş atılmaz; el son çift indirildiğinde kapanır.",
                    "On a pairs finish no tile is discarded; the hand closes when the last pair is laid down.",
                ),
                LOCA_PAIRS_OKEY_808,
                CEZALI_NOT_OPENED_808,
            ),
        ),
    )
}


def decision(did: str) -> Decision:
    """The decision with this id ("D1" … "D16"); :class:`LookupError` if unknown."""
    found = DECISIONS.get(did)
    if found is None:
        raise LookupError(f"Unknown decision {did!r}; known: {', '.join(DECISIONS)}")
    return found


def decisions_for(ruleset_id: str) -> list[Decision]:
    """The decisions a rule set's page shows: those that concern it, in order."""
    return [d for d in DECISIONS.values() if ruleset_id in d.rulesets]
