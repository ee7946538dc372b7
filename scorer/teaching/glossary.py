"""The glossary (Sözlük): every game word the app uses, what it means, and the rule text it comes from.

Each :class:`Term` says in both languages what the word means at a 101 table and quotes the source
passage that defines it (a :class:`~scorer.engine.decisions.Quote`, checked verbatim and by section
like the decisions' quotes). ``forms_tr`` / ``forms_en`` are the regular expressions that find the
word in running text (Turkish adds suffixes: "okeyi", "çiftle", "göstergenin"), so that a page can
link the first place each word appears (:mod:`scorer.teaching.gloss` finds them).

Pure data: no Django import.
"""

from dataclasses import dataclass

from scorer.engine.decisions import SEED_GKOKAY, SEED_KERIZIM, SEED_LOCA, Quote

SUFFIX = r"\w*"
"""A Turkish word goes on with suffixes: the stem matches the whole word."""


@dataclass(frozen=True, slots=True)
class Term:
    slug: str
    """Its anchor on the glossary page (``/sozluk/#okey``)."""
    word_tr: str
    word_en: str
    text_tr: str
    text_en: str
    quote: Quote
    forms_tr: tuple[str, ...]
    forms_en: tuple[str, ...]
    rule: str = ""
    """The rule clause that says most about the word, linked from the glossary."""


def _t(slug, word_tr, word_en, text_tr, text_en, quote, forms_tr, forms_en, rule="") -> Term:
    return Term(slug, word_tr, word_en, text_tr, text_en, quote, tuple(forms_tr), tuple(forms_en), rule)


TERMS: tuple[Term, ...] = (
    _t(
        "tas",
        "taş",
        "tile (taş)",
        "Oyunun parçaları: dört renkte 1'den 13'e ikişer taş ve 2 sahte okey, toplam 106 taş. Elde kalan "
        "bir taş üzerindeki sayı kadar puan eder.",
        "The playing pieces: two tiles of every number from 1 to 13 in four colours and 2 fake okeys, 106 "
        "tiles in all. A tile left in hand is worth the number on it.",
        Quote(
            SEED_LOCA,
            "TAŞLAR VE DAĞITIM",
            "Destede 106 taş vardır: dört renkte 1'den 13'e kadar taşların ikişer kopyası (104 taş) ve 2 "
            "sahte okey.",
            "The set has 106 tiles: two copies of the tiles from 1 to 13 in four colours (104 tiles) and 2 "
            "fake okeys.",
        ),
        [r"taş" + SUFFIX],
        [r"tiles?\b"],
        "loca.taslar",
    ),
    _t(
        "gosterge",
        "gösterge",
        "indicator (gösterge)",
        "Dağıtımdan sonra açılan taş. Okeyin hangi taş olduğunu o belirler.",
        "The tile turned up after the deal. It decides which tile is the okey.",
        Quote(
            SEED_LOCA,
            "GÖSTERGE VE OKEY",
            "Dağıtımdan sonra duvardan bir taş açılır: buna GÖSTERGE denir.",
            "After the deal one tile of the wall is turned up: it is called the GÖSTERGE (indicator).",
        ),
        [r"gösterge" + SUFFIX],
        [r"indicators?\b", r"gösterge\b"],
        "loca.gosterge",
    ),
    _t(
        "sahte-okey",
        "sahte okey",
        "fake okey (sahte okey)",
        "Üstü boş basılı iki taş. Joker değildir: yalnız okeyin rengini ve sayısını oynar. Açmış oyuncunun "
        "elinde kalınca okeyin sayısı kadar sayılır; LOCA'da (klasik ve Cezalı) ayrıca 101 yazılır, GkOkay "
        "ve Kerizim'de yalnız okeyin sayısı.",
        "The two blank-printed tiles. Not a joker: it plays only as the okey's colour and number. Left in "
        "an opener's hand it counts the okey's number; in LOCA (klasik and Cezalı) the opener pays 101 on "
        "top, in GkOkay and Kerizim only the number.",
        Quote(
            SEED_LOCA,
            "GÖSTERGE VE OKEY",
            "SAHTE OKEY (üstü boş basılı taş) serbest joker DEĞİLDİR.",
            "The FAKE OKEY (the tile printed blank) is NOT a free joker.",
        ),
        [r"sahte okey" + SUFFIX],
        [r"fake okeys?\b"],
        "loca.gosterge",
    ),
    _t(
        "okey",
        "okey",
        "okey",
        "Göstergenin bir üstündeki aynı renk taş (gösterge 13 ise 1). Joker olarak istenen taşın yerine "
        "geçer. Elde kalan gerçek okey 101 yazılır; bilerek atmak da faul olur.",
        "The tile of the indicator's colour one above it (1 if the indicator is 13). It stands for any "
        "tile as a joker. A real okey left in hand costs 101; discarding it knowingly is a foul.",
        Quote(
            SEED_LOCA,
            "GÖSTERGE VE OKEY",
            "OKEY, göstergenin bir üstündeki aynı renk taştır. Gösterge 13 ise okey 1'dir.",
            "The OKEY is the tile of the same colour one above the indicator. If the indicator is 13, the "
            "okey is 1.",
        ),
        [r"(?<!101 )okey" + SUFFIX],  # not the game's name, "101 Okey"
        [r"(?<!101 )okeys?\b"],
        "loca.gosterge",
    ),
    _t(
        "per",
        "per",
        "set (per)",
        "Aynı sayının farklı renklerden üç ya da dört taşı. El açmanın ve işlemenin yapı taşı.",
        "Three or four tiles of one number in different colours. One of the groups you open with and lay "
        "off on.",
        Quote(
            SEED_LOCA,
            "PER, SERİ VE ÇİFT",
            "PER: aynı sayının farklı renklerden üç ya da dört taşı. Aynı renk iki kez giremez.",
            "PER (set): three or four tiles of the same number in different colours. No colour twice.",
        ),
        [r"per\b", r"per(?:ler|le|e|i|de)" + SUFFIX],
        [r"(?<!rule )\bsets?\b(?! of)"],
        "loca.el-acma",
    ),
    _t(
        "seri",
        "seri",
        "run (seri)",
        "Aynı renkten art arda en az üç taş (kırmızı 5-6-7). 13'ten sonra 1 gelmez.",
        "At least three consecutive tiles of one colour (red 5-6-7). No 1 after a 13.",
        Quote(
            SEED_LOCA,
            "PER, SERİ VE ÇİFT",
            "SERİ: aynı renkten ardışık en az üç taş (örnek: kırmızı 5-6-7).",
            "SERİ (run): at least three consecutive tiles of the same colour (example: red 5-6-7).",
        ),
        [r"seri" + SUFFIX],
        [r"\bruns?\b(?! out)"],
        "loca.el-acma",
    ),
    _t(
        "cift",
        "çift",
        "pair (çift)",
        "Aynı sayı ve aynı renkten iki taş. En az 5 çiftle el açılır; çiftle açanın elinde kalan, çoğu "
        "kural setinde iki kat yazılır.",
        "Two tiles of the same number and colour. You can open with at least 5 pairs; what a pairs opener "
        "is left holding is doubled in most rule sets.",
        Quote(
            SEED_LOCA,
            "PER, SERİ VE ÇİFT",
            "ÇİFT: aynı sayı ve aynı renkten iki taş.",
            "ÇİFT (pair): two tiles of the same number and the same colour.",
        ),
        [r"çift" + SUFFIX],
        [r"\bpairs?\b"],
        "loca.cift-kati",
    ),
    _t(
        "el",
        "el",
        "hand (el)",
        "Bir dağıtımdan bitişe kadar oynanan tur; her el sonunda herkesin puanı yazılır. Oyun, masada "
        "seçilen sayıda elden oluşur.",
        "One deal played to its end; at the end of every hand everyone's points are written. A game is "
        "the number of hands chosen for the table.",
        Quote(
            SEED_LOCA,
            "AMAÇ",
            "Her el sonunda herkesin hanesine puan yazılır; eksi puan senin lehinedir.",
            "At the end of every hand points are written in everyone's column; minus points are in your "
            "favour.",
        ),
        [r"el\b", r"eller" + SUFFIX],
        [r"\bhands?\b"],
        "loca.kazanan",
    ),
    _t(
        "el-acmak",
        "el açmak",
        "opening (el açmak)",
        "Yere ilk kez taş indirmek: per ve serilerle en az 101 puan, ya da en az 5 çift. Hiç açmayan "
        "oyuncu sabit 202 yazar.",
        "Laying tiles down for the first time: sets and runs worth at least 101, or at least 5 pairs. A "
        "player who never opened writes a fixed 202.",
        Quote(
            SEED_LOCA,
            "EL AÇMA",
            'Yere ilk kez taş indirmeye "el açmak" denir. İki yolu vardır:',
            'Laying tiles down for the first time is called "opening" (el açmak). There are two ways:',
        ),
        [
            r"el açma" + SUFFIX,
            r"açılış" + SUFFIX,
            r"açmamış" + SUFFIX,
            r"açamay" + SUFFIX,
            r"açmay" + SUFFIX,
            r"açmış" + SUFFIX,
            r"açan" + SUFFIX,
            r"açtı" + SUFFIX,
            r"açar\b",
        ],
        [r"\bopen(?:ed|er|ers|ing|ings|s)?\b"],
        "loca.el-acma",
    ),
    _t(
        "islek",
        "işlek taş",
        "işlek tile",
        "Masadaki açık bir per ya da seriye işlenebilecek taş. Onu atmak faul sayılır (+101).",
        "A tile that could be laid off on an open set or run on the table. Discarding it is a foul (+101).",
        Quote(
            SEED_LOCA,
            "EL İÇİ CEZALAR",
            "İŞLEK taş atmak, yani masadaki açık bir per veya seriye işlenebilecek taşı atmak: +101.",
            "Discarding an İŞLEK tile, that is, a tile that could be laid off on an open set or run on the "
            "table: +101.",
        ),
        [r"işlek" + SUFFIX],
        [r"işlek\b"],
        "loca.islek",
    ),
    _t(
        "islemek",
        "işlemek",
        "laying off (işlemek)",
        "El açtıktan sonra masadaki bir per ya da seriye taş eklemek.",
        "Adding tiles to a set or run on the table once you have opened.",
        Quote(
            SEED_GKOKAY,
            "İşlemek ve okey almak",
            "El açtıktan sonra masadaki herhangi bir seri veya pere taş ekleyebilirsin (işlemek).",
            "Once you have opened you may add tiles to any run or set on the table (laying off).",
        ),
        [r"işle(?!k)" + SUFFIX],
        [r"\blaid off\b", r"\blay(?:ing|s)? off\b"],
        "loca.islek",
    ),
    _t(
        "iskarta",
        "ıskarta",
        "discards (ıskarta)",
        "Oyuncuların attığı taşlar. Yalnız sol komşunun attığı son taş alınabilir.",
        "The tiles the players discard. Only the last tile your left-hand neighbour discarded may be taken.",
        Quote(
            SEED_LOCA,
            "ISKARTADAN (yerden) TAŞ ALMA",
            "Henüz el açmamışken ıskartadan taş alırsan, o tur ya EL AÇMAK ya da aldığın taşı GERİ BIRAKMAK "
            "zorundasın.",
            "If you take a tile from the discards before you have opened, that turn you must either OPEN or "
            "PUT BACK the tile you took.",
        ),
        [r"ıskarta" + SUFFIX],
        [r"\bdiscard(?:s|ed|ing)?\b"],
        "loca-cezali.okey-alinmasi",
    ),
    _t(
        "yandan-almak",
        "yandan almak",
        "taking the side tile (yandan almak)",
        "Önceki oyuncunun attığı taşı almak. Cezalı masalarda o taşla açılırsa taşı atan oyuncu ceza öder.",
        "Taking the tile the previous player discarded. At cezalı tables, if it is used to open, its "
        "discarder pays a penalty.",
        Quote(
            SEED_GKOKAY,
            "Dağıtım ve sıra",
            "Her turda önce desteden taş çekilir ya da önceki oyuncunun attığı taş alınır (yandan almak), "
            "sonra el açma, işleme veya okey alma yapılabilir ve en sonunda bir taş atılır.",
            "Each turn you first draw a tile from the deck or take the tile the previous player discarded "
            "(taking the side tile), then you may open, lay off or take the okey, and last you discard a "
            "tile.",
        ),
        [r"yandan" + SUFFIX, r"yan taş" + SUFFIX],
        [r"\bside[- ]tiles?\b"],
        "loca-cezali.yandan",
    ),
    _t(
        "deste",
        "deste / duvar",
        "deck / wall (deste, duvar)",
        "Dağıtımdan sonra ortada kalan taşlar; her turda buradan çekilir. Biterse el bitiren olmadan kapanır.",
        "The tiles left in the middle after the deal; each turn you draw from them. When they run out the "
        "hand closes without a finisher.",
        Quote(
            SEED_LOCA,
            "TAŞLAR VE DAĞITIM",
            "Kalan taşlar ortada duvar olur; sıran gelince ya duvardan ya da sol komşunun attığı taştan "
            "çekersin.",
            "The remaining tiles become the wall in the middle; on your turn you draw either from the wall "
            "or the tile your left-hand neighbour discarded.",
        ),
        [r"deste" + SUFFIX, r"duvar" + SUFFIX],
        [r"\bdecks?\b", r"\bwalls?\b"],
        "loca.duvar",
    ),
    _t(
        "bitirmek",
        "eli bitirmek",
        "finishing (eli bitirmek)",
        "Bütün taşlarını per, seri ya da çift yapıp eli kapatmak. Bitiren eksi puan yazar (GkOkay'de 0).",
        "Making all your tiles into sets, runs or pairs and closing the hand. The finisher writes minus "
        "points (0 in GkOkay).",
        Quote(
            SEED_LOCA,
            "ELİ BİTİRME",
            "Elindeki bütün taşları per/seri (ya da çift) hâline getirip son taşını atınca el biter.",
            "The hand ends when you have made all your tiles into sets/runs (or pairs) and discard your last "
            "tile.",
        ),
        [r"bitir" + SUFFIX, r"bitiş" + SUFFIX, r"biten" + SUFFIX, r"biter\b"],
        [r"\bfinish(?:es|ed|er|ers|ing)?\b"],
        "loca.bitisler",
    ),
    _t(
        "elden",
        "elden",
        "elden",
        "Hiç açmamışken tek hamlede açıp aynı anda bitirmek. Cezalı 101'de ×2 getirir; klasikte ek puan "
        "getirmez.",
        "Opening and finishing in one move, never having opened before. It is ×2 in Cezalı 101 and adds "
        "nothing in klasik.",
        Quote(
            SEED_LOCA,
            "ELİ BİTİRME",
            "ELDEN BİTME: hiç açmamışken tek hamlede açıp aynı anda bitirmektir.",
            "ELDEN FINISH: opening and finishing at the same time in a single move, never having opened "
            "before.",
        ),
        [r"elden\b"],
        [r"\belden\b"],
        "loca.elden",
    ),
    _t(
        "katlamasiz",
        "katlamasız",
        "katlamasız",
        "Düz 101: herkes 101 puan ya da 5 çiftle açar, eşik yükselmez.",
        "Plain 101: everyone opens with 101 points or 5 pairs; the threshold does not rise.",
        Quote(
            SEED_LOCA,
            "MASA TÜRLERİ",
            "KATLAMASIZ: düz 101. Herkes 101 puan veya 5 çift ile açar; eşik yükselmez.",
            "KATLAMASIZ: plain 101. Everyone opens with 101 points or 5 pairs; the threshold does not rise.",
        ),
        [r"katlamasız" + SUFFIX],
        [r"katlamasız\b"],
        "loca.katlama",
    ),
    _t(
        "extra-katlamali",
        "extra katlamalı",
        "extra katlamalı",
        "Katlamalı'nın eşik zinciri; üstüne açılışta kullanılan özel taşlar masa girişinin çarpanını büyütür "
        "(en çok ×8). Puanları değiştirmez.",
        "Katlamalı's threshold chain; on top, special tiles used in an opening raise the table entry's "
        "multiplier (at most ×8). It never changes points.",
        Quote(
            SEED_LOCA,
            "MASA TÜRLERİ",
            "EXTRA KATLAMALI: Katlamalı'nın eşik zinciri geçerlidir, üstüne açılışta kullanılan özel taşlar "
            "(okey, gösterge vb.) masa girişi çarpanını büyütür.",
            "EXTRA KATLAMALI: Katlamalı's threshold chain applies, and on top of it special tiles used in "
            "the opening (okey, gösterge, etc.) raise the table-entry multiplier.",
        ),
        [r"extra katlamalı" + SUFFIX],
        [r"extra katlamalı\b", r"\bextra\b"],
        "loca.katlama",
    ),
    _t(
        "katlamali",
        "katlamalı",
        "katlamalı",
        "Açma eşiğinin masada yükseldiği masa: her açılış, önceki aynı tür açılışı en az 1 geçmelidir. "
        "Puanları değiştirmez.",
        "A table where the opening threshold rises: each opening must beat the previous opening of its "
        "kind by at least 1. It never changes points.",
        Quote(
            SEED_LOCA,
            "MASA TÜRLERİ",
            "KATLAMALI: açma eşiği masada yükselir.",
            "KATLAMALI: the opening threshold rises at the table.",
        ),
        [r"katlamalı" + SUFFIX],
        [r"katlamalı\b"],
        "loca.katlama",
    ),
    _t(
        "esli",
        "eşli",
        "partners (eşli)",
        "Dört kişiyle, karşılıklı oturanların ortak olduğu masa; puanlar takım hanesinde toplanır. Bitirenin "
        "ortağı el tabanı ödemez.",
        "Four players, those sitting opposite each other are partners; points are added up per team. The "
        "finisher's partner pays no hand base.",
        Quote(
            SEED_LOCA,
            "MASA TÜRLERİ",
            "EŞLİ: karşılıklı oturanlar ortaktır ve puanlar takım hanesinde toplanır.",
            "EŞLİ (partners): players sitting opposite each other are partners and their points are summed "
            "in the team column.",
        ),
        [r"eşli" + SUFFIX],
        [r"\bpartners?\b", r"eşli\b"],
        "loca.esli",
    ),
    _t(
        "cezali",
        "cezalı",
        "cezalı",
        "Cezaların yazıldığı masa. LOCA Cezalı 101 ayrı bir kural setidir (bitiş çarpanları, açılış "
        "ödülleri); GkOkay'de cezalı bir seçenektir.",
        "A table where fouls are written. LOCA Cezalı 101 is a rule set of its own (finish multipliers, "
        "opening rewards); in GkOkay cezalı is an option.",
        Quote(
            SEED_LOCA,
            "CEZALI 101",
            "Cezalı 101 ayrı bir masa türüdür.",
            "Cezalı 101 is a separate table type.",
        ),
        [r"cezalı" + SUFFIX],
        [r"cezalı\b"],
        "loca-cezali.bitisler",
    ),
    _t(
        "faul",
        "faul (el içi ceza)",
        "foul (el içi ceza)",
        "Oyun sırasında yapılan hata: okey atmak, işlek taş atmak gibi. Her biri 101'dir ve hiçbir çarpanla "
        "çarpılmaz.",
        "A mistake made during play, such as discarding the okey or an işlek tile. Each costs 101 and is "
        "never multiplied.",
        Quote(
            SEED_LOCA,
            "CEZALI 101",
            "El içi ihlal cezaları bitiş çarpanlarının dışındadır ve eli bitiren oyuncuya da işler.",
            "In-hand foul penalties are outside the finish multipliers and apply to the player who finished "
            "the hand as well.",
        ),
        [r"faul" + SUFFIX, r"el içi (?:ihlal )?ceza" + SUFFIX],
        [r"\bfouls?\b"],
        "kerizim.fauller",
    ),
    _t(
        "carpan",
        "çarpan / kat",
        "multiplier (çarpan, kat)",
        "Bazı bitişlerde bitiremeyenlerin el tabanını büyüten sayı (×2, ×4). Faulleri hiç etkilemez.",
        "The factor that some finishes apply to the other players' hand bases (×2, ×4). It never touches "
        "fouls.",
        Quote(
            SEED_KERIZIM,
            "Cezalar ne zaman ikiye katlanır?",
            "Bazı ellerde eli bitiremeyen herkesin cezası ikiye katlanır:",
            "In some hands the penalty of everyone who did not finish is doubled:",
        ),
        [r"çarpan" + SUFFIX, r"katlan" + SUFFIX, r"katlar\b"],
        [r"\bmultipliers?\b"],
        "kerizim.katlar",
    ),
    _t(
        "el-tabani",
        "el tabanı",
        "hand base (el tabanı)",
        "Bitiremeyen bir oyuncunun yazdığı, çarpanlardan önceki tutar: hiç açmadıysa 202, açtıysa elinde "
        "kalanın bedeli.",
        "What a player who did not finish writes before any multiplier: 202 if they never opened, the value "
        "of what they hold if they did.",
        Quote(
            SEED_LOCA,
            "CEZALI 101",
            "Okey atarak bitiş: bitiren −404, rakiplerin el tabanı ×4.",
            "Finish by discarding the okey: finisher −404, opponents' hand base ×4.",
        ),
        [r"el taban" + SUFFIX],
        [r"\bhand bases?\b"],
        "loca-cezali.bitisler",
    ),
    _t(
        "acilis-odulu",
        "açılış ödülü",
        "opening reward (açılış ödülü)",
        "Cezalı 101'de büyük bir ilk açılışın puan silmesi: 151+ puan ya da 7 çift −101, 9 çift −202.",
        "Cezalı 101: points taken off for a large first opening: 151+ points or 7 pairs −101, 9 pairs −202.",
        Quote(
            SEED_LOCA,
            "CEZALI 101",
            "Açılış ödülleri (puan siler):",
            "Opening rewards (they take points off):",
        ),
        [r"açılış ödül" + SUFFIX, r"ödül" + SUFFIX],
        [r"\brewards?\b"],
        "loca-cezali.odul",
    ),
    _t(
        "okey-takasi",
        "okey takası",
        "okey swap (okey takası)",
        "Masadaki bir grupta duran gerçek okeyi, yerine geçtiği taşı koyarak almak.",
        "Taking a real okey out of a group on the table by putting down the tile it stands for.",
        Quote(
            SEED_LOCA,
            "OKEY TAKASI",
            "Takas yalnız el açmış oyuncunun hakkıdır. Nasıl açtığın fark etmez: çiftle açan da takas "
            "yapabilir.",
            "Only a player who has opened may swap. How you opened does not matter: a pairs opener may swap "
            "too.",
        ),
        [r"okey takas" + SUFFIX, r"takas" + SUFFIX],
        [r"\bswap(?:s|ped|ping)?\b"],
        "loca-cezali.okey-takasi",
    ),
    _t(
        "berabere",
        "berabere",
        "draw (berabere)",
        "LOCA'da deste biter ve hiç kimse açmamışsa el berabere biter: elde kalanlar sayılmaz, masa girişi "
        "iade edilir; fauller yine yazılır.",
        "In LOCA, when the wall runs out and nobody has opened, the hand is a draw: nothing held counts and "
        "the table entry is refunded; fouls still count.",
        Quote(
            SEED_LOCA,
            "ELİ BİTİRME",
            "HİÇ KİMSE açamadıysa el BERABEREdir: elde kalanlar sayılmaz, masa girişi iade edilir.",
            "If NOBODY opened, the hand is a DRAW: the tiles left are not counted and the table entry is "
            "refunded.",
        ),
        [r"berabere" + SUFFIX],
        [r"(?<=a )draw\b", r"\bdraw(?= rule)"],  # the tie, not drawing a tile
        "loca.duvar",
    ),
    _t(
        "masa-girisi",
        "masa girişi",
        "table entry (masa girişi)",
        "Masaya oturmak için konan bahis. Puan değildir: berabere elde iade edilir, Extra katlamalı onu "
        "çarpar.",
        "The stake put down to sit at the table. It is not points: a draw refunds it, Extra katlamalı "
        "multiplies it.",
        Quote(
            SEED_LOCA,
            "ELİ BİTİRME",
            "EN AZ BİR oyuncu açmışsa duvar bitişi berabere DEĞİLDİR: el normal biçimde PUANLANIR ve masa "
            "girişi İADE EDİLMEZ.",
            "If AT LEAST ONE player opened, running out of wall is NOT a draw: the hand is SCORED normally "
            "and the table entry is NOT refunded.",
        ),
        [r"masa giriş" + SUFFIX],
        [r"\btable[- ]entry\b", r"\bstakes?\b"],
        "loca.duvar",
    ),
    _t(
        "sure-asimi",
        "süre aşımı",
        "timeout (süre aşımı)",
        "Sıranın süresi biterse oyun senin yerine çeker ya da atar. Bu otomatik hamleler faul sayılmaz: "
        "okeycalc'a girilmez.",
        "When your turn's time runs out the game draws or discards for you. These automatic moves are never "
        "fouls: enter nothing for them.",
        Quote(
            SEED_LOCA,
            "EL İÇİ CEZALAR",
            "Süre aşımında oyun senin yerine taş attıysa hiçbir ceza yazılmaz.",
            "If the game discarded a tile for you after a timeout, no penalty is written.",
        ),
        [r"süre aşım" + SUFFIX],
        [r"\btimeouts?\b"],
        "loca.sure-asimi",
    ),
)

BY_SLUG: dict[str, Term] = {term.slug: term for term in TERMS}

TURKISH_ORDER = "aâbcçdefgğhıiîjklmnoöprsştuûüvyz"


def turkish_key(word: str) -> tuple:
    """Sort key in Turkish alphabetical order (ç after c, ı before i, ş after s …)."""
    lowered = word.replace("I", "ı").replace("İ", "i").lower()
    return tuple(TURKISH_ORDER.find(ch) if ch in TURKISH_ORDER else 100 + ord(ch) for ch in lowered)


def terms_in_order(language: str) -> list[Term]:
    """The terms alphabetically by the word shown in that language."""
    if language.startswith("en"):
        return sorted(TERMS, key=lambda t: t.word_en.lower())
    return sorted(TERMS, key=lambda t: turkish_key(t.word_tr))


def term(slug: str) -> Term:
    """The term with this slug; :class:`LookupError` if there is none."""
    try:
        return BY_SLUG[slug]
    except KeyError:
        raise LookupError(f"No glossary term {slug!r}") from None
