"""Worked examples: real-looking hands stored as hand JSON files (HAND_FORMAT.md), with a short story.

Each hand is a file in ``docs/examples/<slug>.json`` that ``manage.py score`` reads as it is; the
pages score it live with the engine, so an example can never show a number the engine would not
produce, and ``docs/examples.md`` (generated) shows the same numbers. Titles and stories are data
in both languages, like the rule clauses. The examples of SCORING_SPEC §10 are hand files too
(``docs/examples/spec/``).
"""

import json
from dataclasses import dataclass, field
from pathlib import Path

EXAMPLES_DIR = Path(__file__).resolve().parents[2] / "docs" / "examples"
SPEC_EXAMPLES: dict[str, Path] = {path.stem: path for path in sorted((EXAMPLES_DIR / "spec").glob("e*.json"))}
"""SCORING_SPEC §10's examples E1–E6 as hand files, by file name ("e1-loca-normal-bitis")."""


@dataclass(frozen=True, slots=True)
class Example:
    slug: str
    title_tr: str
    title_en: str
    story_tr: str
    story_en: str
    hand: dict = field(hash=False)
    based_on: str = ""
    """The slug of the example whose hand this one scores again under other rules (named in the story)."""

    @property
    def ruleset(self) -> str:
        return self.hand["ruleset"]


def hand_file(slug: str) -> dict:
    """The example's hand, read from its JSON file in ``docs/examples/`` (HAND_FORMAT.md)."""
    return json.loads((EXAMPLES_DIR / f"{slug}.json").read_text(encoding="utf-8"))


EXAMPLES: tuple[Example, ...] = (
    Example(
        slug="klasik-normal-bitis",
        title_tr="Klasik masada normal bitiş",
        title_en="A normal finish at a classic table",
        story_tr=(
            "Ayşe perlerle açtı ve son taşını atarak eli bitirdi. Bora açmıştı ama elinde 23 puanlık taş ve "
            "bir gerçek okey kaldı: okey ayrıca 101 yazılır. Cem çiftle açmıştı; elinde kalan 10 puan iki "
            "katına çıkar. Deniz hiç açamadı ve el içinde bir kez okey attı: sabit 202'nin üstüne 101 faul."
        ),
        story_en=(
            "Ayşe opened with sets and finished by discarding her last tile. Bora had opened but was left "
            "with tiles worth 23 and one real okey, which costs 101 on top. Cem had opened with pairs, so the "
            "10 points he holds are doubled. Deniz never opened and discarded an okey once: the fixed 202 "
            "plus a 101 foul."
        ),
        hand=hand_file("klasik-normal-bitis"),
    ),
    Example(
        slug="klasik-cift-okey-elden",
        title_tr="Klasik: çiftle ve okey atarak, elden",
        title_en="Classic: pairs and okey discard, elden",
        story_tr=(
            "Ayşe çiftle açıp okeyi atarak bitirdi ve bunu elden yaptı. Klasik tabloda çift + okey bitişi "
            "−808'dir; elden bitiş tabloda olmadığı için ek puan getirmez. Bora'nın elinde sahte okey dâhil "
            "31 puan kaldı: LOCA'da açmış oyuncuda kalan sahte okey de 101 ek ceza yazar. Cem açtıklarını "
            "geri topladı (+101), Deniz hiç açamadı."
        ),
        story_en=(
            "Ayşe opened with pairs and finished elden by discarding the okey. In the classic table a pairs "
            "and okey finish is −808; elden is not in the table and adds nothing. Bora holds 31 points "
            "including a fake okey: in LOCA a fake okey left with an opener also costs 101. Cem took back "
            "what he had laid down (+101); Deniz never opened."
        ),
        hand=hand_file("klasik-cift-okey-elden"),
    ),
    Example(
        slug="klasik-deste-bitti",
        title_tr="Klasik: duvar bitti, açan vardı",
        title_en="Classic: the wall ran out, someone had opened",
        story_tr=(
            "Kimse eli bitiremeden duvar tükendi. Ayşe ile Bora açmıştı, bu yüzden el berabere değildir: "
            "kimse −101 almaz, açanlar elinde kalanı (çiftle açan Bora iki katını), açamayanlar 202 yazar. "
            "Deniz'in geri toplama cezası da yazılır."
        ),
        story_en=(
            "The wall ran out before anyone finished. Ayşe and Bora had opened, so it is not a draw: nobody "
            "gets −101, openers pay what they hold (Bora, who opened with pairs, twice that) and the others "
            "pay 202. Deniz's take-back foul is written too."
        ),
        hand=hand_file("klasik-deste-bitti"),
    ),
    Example(
        slug="klasik-berabere",
        title_tr="Klasik: kimse açmadan duvar bitti",
        title_en="Classic: the wall ran out and nobody opened",
        story_tr=(
            "Duvar tükendiğinde hiç kimse açamamıştı: el berabere biter, elde kalanlar sayılmaz ve masa "
            "girişi iade edilir. Bora'nın el içinde okey atması ise yine de 101 yazılır."
        ),
        story_en=(
            "When the wall ran out nobody had opened: the hand is a draw, the tiles left are not counted and "
            "the table entry is refunded. Bora's okey discard during the hand still costs 101."
        ),
        hand=hand_file("klasik-berabere"),
    ),
    Example(
        slug="klasik-esli",
        title_tr="Klasik eşli: ortak muaf",
        title_en="Classic with partners: the partner is exempt",
        story_tr=(
            "Ayşe ile Cem, Bora ile Deniz ortaktır. Ayşe çiftle bitirdi (−202). Ortağı Cem el sonu cezası "
            "ödemez ama el içinde attığı okeyin 101'ini öder. Bora elinde kalanı, çiftle açan Deniz kalanın "
            "iki katını yazar; takım hanesine iki eşin toplamı geçer."
        ),
        story_en=(
            "Ayşe and Cem are partners, and so are Bora and Deniz. Ayşe finished with pairs (−202). Her "
            "partner Cem pays no end-of-hand base but pays 101 for the okey he discarded. Bora pays what he "
            "holds and Deniz, who opened with pairs, twice that; each team writes its two players' sum."
        ),
        hand=hand_file("klasik-esli"),
    ),
    Example(
        slug="cezali-okey-atarak",
        title_tr="Cezalı: okey atarak bitiş, ×4",
        title_en="Cezalı: okey discard finish, ×4",
        story_tr=(
            "“Klasik masada normal bitiş” örneğinin eli, bu kez Cezalı 101'de ve Ayşe okeyi atarak bitirdi: "
            "−404 yazar ve rakiplerin el tabanı ×4 olur. Bora 124 × 4 öder. Cem çiftle açmıştı: çiftin ×2'si "
            "ile bitişin ×4'ü çarpılmaz, yalnız büyük olan uygulanır. Deniz'in 202'si 808 olur, faulü ise "
            "çarpılmadan 101 eklenir."
        ),
        story_en=(
            "The hand of “A normal finish at a classic table”, this time at a Cezalı 101 table, and Ayşe "
            "finished by discarding the okey: she writes −404 and opponents' hand bases are ×4. Bora pays "
            "124 × 4. Cem had opened with pairs: the pairs ×2 and the finish ×4 are not multiplied together, "
            "only the larger applies. Deniz's 202 becomes 808, and the foul is added once, unmultiplied."
        ),
        hand=hand_file("cezali-okey-atarak"),
        based_on="klasik-normal-bitis",
    ),
    Example(
        slug="cezali-cift-okey",
        title_tr="Cezalı: çiftle ve okey atarak, ×4",
        title_en="Cezalı: pairs and okey discard, ×4",
        story_tr=(
            "Ayşe ilk açılışında 7 çift indirdi ve okeyi atarak bitirdi: klasik tablodan −808 ve 7 çift "
            "ödülü −101. Cezalı'da bitiş çarpanları üst üste binmez: rakiplerin el tabanı her okeyli "
            "bitişte olduğu gibi ×4 olur (Yorum D5); hiç açamayan Deniz 808 yazar. Çiftle açan Cem'de "
            "yalnız büyük çarpan, ×4, uygulanır."
        ),
        story_en=(
            "Ayşe laid down 7 pairs in her first opening and finished by discarding the okey: −808 from the "
            "classic table and the 7-pair reward of −101. Cezalı never stacks finish multipliers: opponents' "
            "hand bases are ×4 as on any okey finish (note D5); Deniz, who never opened, writes 808. For "
            "Cem, who opened with pairs, only the larger multiplier, ×4, applies."
        ),
        hand=hand_file("cezali-cift-okey"),
    ),
    Example(
        slug="cezali-elden-151",
        title_tr="Cezalı: 151 ile açıp elden bitiş",
        title_en="Cezalı: opening with 151 and finishing elden",
        story_tr=(
            "Ayşe 156 puanla açtı ve aynı hamlede elden bitirdi: elden bitiş −202, 151+ açılış ödülü −101, "
            "toplam −303. Rakiplerin tabanı ×2 olur. Cem ilk açılışında 9 çift indirmişti: 9 çift ödülü "
            "−202, elinde kalanın ×2'si ile birlikte yazılır."
        ),
        story_en=(
            "Ayşe opened with 156 points and finished elden in the same move: −202 for the elden finish and "
            "−101 for the 151+ opening, −303 in all. Opponents' bases are ×2. Cem had laid down 9 pairs in "
            "his first opening: the 9-pair reward of −202 is written next to twice what he holds."
        ),
        hand=hand_file("cezali-elden-151"),
    ),
    Example(
        slug="cezali-dokuz-cift-seri",
        title_tr="Cezalı: 9 çift + 1 seri",
        title_en="Cezalı: 9 pairs + 1 run",
        story_tr=(
            "Ayşe 9 çift ve bir seriyle elden bitirdi. Bu bitiş okeyle elden bitişin eşdeğeridir: −404 ve "
            "×4. 9 çift ödülü ayrıca eklenmez. Hiç açamayanlar 808 yazar; Deniz'in işlek taş cezası çarpılmaz."
        ),
        story_en=(
            "Ayşe finished elden with 9 pairs and one run. This equals an okey elden finish: −404 and ×4. "
            "The 9-pair reward is not added on top. Those who never opened write 808; Deniz's işlek foul is "
            "not multiplied."
        ),
        hand=hand_file("cezali-dokuz-cift-seri"),
    ),
    Example(
        slug="cezali-yandan-ceza",
        title_tr="Cezalı: yandan alınan taşın cezası",
        title_en="Cezalı: the side-tile penalty",
        story_tr=(
            "Bora, Ayşe'nin attığı 7'yi alıp perle açtı: cezayı Ayşe öder, 7 × 10 = 70. Deniz, Cem'in attığı "
            "5'i alıp çiftle açtı: Cem 5 × 20 = 100 öder. Cem bir de bilerek gerçek okey attı (+101) ve o okey "
            "ıskartadan alındı: bunun için ayrıca +101 öder. (Okeyi süre aşımında oyun atmış olsaydı ikisi de "
            "yazılmazdı.) Deniz'in gruptaki okeyini başkası takasla aldı (+101)."
        ),
        story_en=(
            "Bora took the 7 Ayşe had discarded and opened with sets: Ayşe pays, 7 × 10 = 70. Deniz took "
            "Cem's discarded 5 and opened with pairs: Cem pays 5 × 20 = 100. Cem also knowingly discarded a "
            "real okey (+101) and it was taken from the discards, which costs him a further +101. (Had the "
            "game discarded the okey for him after a timeout, neither would be written.) Someone swapped "
            "the okey out of Deniz's group (+101)."
        ),
        hand=hand_file("cezali-yandan-ceza"),
    ),
    Example(
        slug="cezali-esli-sabit-taban",
        title_tr="Cezalı eşli: 1600 sabit taban",
        title_en="Cezalı with partners: the 1600 fixed base",
        story_tr=(
            "Ayşe (Cem'in ortağı) okeyi atarak elden bitirdi. Karşı takım Bora ile Deniz, ellerindeki taşlar "
            "yerine takım hanesine tek kalem 1600 öder. Bora'nın 151+ açılış ödülü yine yazılır; Cem el sonu "
            "cezasından muaftır ama işlek taş cezasını öder."
        ),
        story_en=(
            "Ayşe (Cem's partner) finished elden by discarding the okey. The opposing team, Bora and Deniz, "
            "pays one fixed line of 1600 instead of the tiles they hold. Bora's 151+ opening reward still "
            "counts; Cem pays no end-of-hand base but pays his işlek foul."
        ),
        hand=hand_file("cezali-esli-sabit-taban"),
    ),
    Example(
        slug="gkokay-elden-404",
        title_tr="GkOkay cezalı: elden bitiş, 404",
        title_en="GkOkay cezalı: elden finish, 404",
        story_tr=(
            "GkOkay'de bitiren 0 yazar. Ayşe elden bitirdi; bu özel bitişte hiç açamayan Bora'nın 202'si "
            "404 olur, elindeki okey için 101 ve baraj altında açmaya çalıştığı için 101 daha. Çiftle açan "
            "Deniz'in eli katlanmaz. Deniz, Cem'in attığı 6'yı alıp çiftle açtığı için Cem 120 öder."
        ),
        story_en=(
            "In GkOkay the finisher writes 0. Ayşe finished elden; on this special finish Bora, who never "
            "opened, has his 202 doubled to 404, plus 101 for the okey he holds and 101 for trying to open "
            "below the threshold. Deniz, who opened with pairs, is not doubled. Deniz opened with Cem's "
            "discarded 6, so Cem pays 120."
        ),
        hand=hand_file("gkokay-elden-404"),
    ),
    Example(
        slug="gkokay-deste-bitti",
        title_tr="GkOkay: deste bitti",
        title_en="GkOkay: the deck ran out",
        story_tr=(
            "Kimse bitiremeden deste bitti. GkOkay'de beraberlik kuralı yoktur: açanlar elinde kalanı, hiç "
            "açamayanlar 202'yi yazar, hiçbir şey katlanmaz. Cem'in elinde kalan okey hiç açmamış olsa da "
            "101 yazılır."
        ),
        story_en=(
            "The deck ran out before anyone finished. GkOkay has no draw rule: openers write what they hold, "
            "those who never opened 202, and nothing is doubled. Cem's okey costs 101 even though he never "
            "opened."
        ),
        hand=hand_file("gkokay-deste-bitti"),
    ),
    Example(
        slug="kerizim-dort-kat",
        title_tr="Kerizim: çiftle bitiş, kimse açmadı, ×4",
        title_en="Kerizim: pairs finish, nobody else opened, ×4",
        story_tr=(
            "Ayşe çiftle açıp bitirdi ve ondan başka kimse açamadı: katlar üst üste biner, 202 × 2 × 2 = 808. "
            "Ayşe okeyi atarak bitirse de Kerizim'de bunun ayrı bir değeri yoktur; el içindeki işlek taş "
            "faulü de bitiren olduğu için yazılmaz. Deniz'in okey atma faulü ise 808'e eklenir."
        ),
        story_en=(
            "Ayşe opened with pairs and finished, and nobody else opened: the multipliers stack, 202 × 2 × 2 "
            "= 808. She finished by discarding the okey, which has no extra value in Kerizim, and her işlek "
            "foul is not written because she finished. Deniz's okey-discard foul is added to his 808."
        ),
        hand=hand_file("kerizim-dort-kat"),
    ),
    Example(
        slug="kerizim-esli-cift",
        title_tr="Kerizim eşli: çiftle açanın eli dört kat",
        title_en="Kerizim with partners: a pairs opener pays four times",
        story_tr=(
            "Ayşe çiftle bitirdi: herkesin cezası ×2. Çiftle açan Bora elinde kalanın iki katını yazar ve "
            "bitiş katı bunun üstüne biner: 15 × 2 × 2 = 60. Ayşe'nin ortağı Cem el tabanı ödemez, okey atma "
            "faulü de yazılmaz. Deniz yandan aldığı taşı kullanamadı (+101)."
        ),
        story_en=(
            "Ayşe finished with pairs: everyone's penalty is ×2. Bora, who opened with pairs, pays twice what "
            "he holds and the finish multiplier comes on top: 15 × 2 × 2 = 60. Ayşe's partner Cem pays no "
            "hand base and his okey-discard foul is not written. Deniz took the side tile and did not use "
            "it (+101)."
        ),
        hand=hand_file("kerizim-esli-cift"),
    ),
    Example(
        slug="kerizim-taslarla",
        title_tr="Kerizim: kalan taşlarla hesap",
        title_en="Kerizim: counting the tiles left",
        story_tr=(
            "Gösterge kırmızı 5, okey kırmızı 6. Ayşe seri ve gruplarla bitirdi. Bora'nın elinde kırmızı 6 "
            "(gerçek okey, 101), mavi 3, siyah 11 ve sahte okey (okeyin sayısı kadar, 6) kaldı. Çiftle açan "
            "Cem'in sarı 2 ve siyah 9'u iki katına çıkar. Deniz hiç açamadı: 202."
        ),
        story_en=(
            "The indicator is red 5, so the okey is red 6. Ayşe finished with sets and runs. Bora holds red 6 "
            "(a real okey, 101), blue 3, black 11 and a fake okey (worth the okey's number, 6). Cem opened "
            "with pairs, so his yellow 2 and black 9 are doubled. Deniz never opened: 202."
        ),
        hand=hand_file("kerizim-taslarla"),
    ),
)

BY_SLUG: dict[str, Example] = {example.slug: example for example in EXAMPLES}


def example_get(slug: str) -> Example:
    """The example with this slug; :class:`LookupError` if there is none."""
    try:
        return BY_SLUG[slug]
    except KeyError:
        raise LookupError(f"No worked example {slug!r}") from None
