import { rankOf, suitOf, type Card, type Rank, type Suit } from "@yourtrumps/engine";
import type { RulesText } from "./types.js";

/** Rank names with the compound suffix, as in "kupa ası", "sinek onlusu". */
const RANK: Record<Rank, string> = {
  "6": "altılısı",
  "7": "yedilisi",
  "8": "sekizlisi",
  "9": "dokuzlusu",
  T: "onlusu",
  J: "valesi",
  Q: "kızı",
  K: "papazı",
  A: "ası",
};
const SUIT: Record<Suit, string> = { S: "maça", H: "kupa", D: "karo", C: "sinek" };
const P = (seat: number): string => `Oyuncu ${seat + 1}`;
/** Genitive suffix after the spoken number: 1'in, 2'nin, 3'ün, 4'ün. */
const GEN = ["'in", "'nin", "'ün", "'ün"] as const;
const Pgen = (seat: number): string => `Oyuncu ${seat + 1}${GEN[seat] ?? ""}`;

/** Türkçe. */
export const tr: RulesText = {
  lang: "tr",
  title: "Your Trumps nasıl oynanır",
  intro: [
    "Your Trumps, iki, üç ya da dört kişiyle oynanan Rus kart oyunu Svoi Kozyri'dir (“kendi kozların”). Her oyuncunun kendine ait bir koz takımı vardır. Amaç elindeki bütün kartlardan kurtulmaktır: elinde kart kalan oyuncu kaybeder.",
    "Bütün kartlar masanın ortasındaki tek bir yığına açık olarak oynanır. Sıra sendeyken ya en üstteki kartı yenip üstüne istediğin bir kartı koyarsın ya da yığından kart alıp eline eklersin.",
  ],
  contents: "İçindekiler",
  parts: {
    setup: "Oyundan önce",
    play: "Oyun",
    end: "Elin sonu",
    info: "Neler görünür",
    examples: "Örnekler",
    options: "Masa ayarları",
  },
  rules: {
    R1: { title: "Oyuncular", body: ["İki oyuncu — düello, olağan oyun — ya da üç veya dört oyuncu."] },
    R2: {
      title: "Deste",
      body: [
        "36 kart: dört takımın — {S} maça, {H} kupa, {D} karo ve {C} sinek — her birinde 6, 7, 8, 9, 10, vale (J), kız (Q), papaz (K) ve as (A).",
        "Aynı takımda büyük kart küçük kartı yener. Farklı takımlardan kartlar büyüklük bakımından hiç karşılaştırılmaz.",
      ],
    },
    R3: {
      title: "Kendi kozun",
      body: [
        "Dağıtımdan önce her oyuncu kendine ait bir koz takımı alır; iki oyuncunun kozu asla aynı olmaz. İki kişide iki takım, üç kişide bir takım kimsenin değildir.",
        "Çevrimiçi oyunda takımını masada seçersin: boş bir takıma dokun — önce gelen alır. El başladığında seçmemişsen, {S} {H} {D} {C} sırasındaki ilk boş takım senin olur.",
      ],
    },
    R4: {
      title: "Dağıtan",
      body: [
        "İlk elde dağıtan kura ile belirlenir. Sonra bir önceki eli kaybeden dağıtır; el berabere bittiyse aynı kişi yine dağıtır.",
      ],
    },
    R5: {
      title: "Dağıtım",
      body: [
        "Dağıtan desteyi karıştırır ve solundaki oyuncudan başlayarak, saat yönünde, birer birer bütün desteyi dağıtır. Ortada kart kalmaz:",
        ["iki oyuncuya 18'er kart;", "üç oyuncuya 12'şer kart;", "dört oyuncuya 9'ar kart."],
      ],
    },
    R6: {
      title: "Altılılar sahibine",
      body: [
        "Oyun başlamadan önce herkes, başka bir oyuncunun koz takımından elindeki her altılıyı o oyuncuya verir. Kimsenin olmayan bir takımın altılısı olduğu yerde kalır.",
        "Böylece herkes en azından kendi kozunun altılısıyla başlar ve ellerdeki kart sayıları farklı olabilir. Masa bu kuralı kapatabilir; değiştirilmedikçe açıktır.",
      ],
    },
    R7: {
      title: "Kim başlar",
      body: ["Dağıtanın solundaki oyuncu başlar. İki kişide bu, dağıtmayan oyuncudur."],
    },
    R8: {
      title: "Kart açmak",
      body: [
        "Yığın boşken sırası gelen oyuncu elindeki herhangi bir kartı yığına açık olarak koyar. Bu kart artık en üstteki karttır.",
      ],
    },
    R9: {
      title: "Sıra sende: yen ya da al",
      body: [
        "Sıran başladığında yığında kart varsa iki seçeneğin var:",
        [
          "en üstteki kartı yenmek (kural 10) ve ardından ikinci bir kart oynamak (kural 11) ya da",
          "yığından kart almak (kural 12).",
        ],
        "Yenebilecek olsan bile kart almak her zaman serbesttir.",
      ],
    },
    R10: {
      title: "Kart yenmek",
      body: [
        "Kartın en üstteki kartı şu durumlarda yener:",
        ["aynı takımdan ve daha büyükse ya da", "senin koz takımındansa ve en üstteki kart değilse."],
        "Yani en üstte senin kendi koz takımından bir kart varsa, onu yalnızca kendi kozundan daha büyük bir kart yenebilir.",
        "En üstteki kartın, onu oynayan için koz olup olmaması önemli değildir — senin sıranda yalnızca senin kozların özel güce sahiptir. Takım izlemek zorunda değilsin: elinde en üstteki kartın takımından kart olsa bile koz oynayabilirsin.",
      ],
    },
    R11: {
      title: "İkinci kart",
      body: [
        "Yendikten hemen sonra, yenen kartının üstüne elinden istediğin bir kartı koyarsın. Sıradaki oyuncu bu karta cevap vermek zorundadır. Bunun yerine kart alamazsın.",
        "Son kartınla yendiysen koyacak ikinci kartın kalmaz — oyundan çıkarsın (kural 14).",
      ],
    },
    R12: {
      title: "Kart almak",
      body: [
        "Yığının üstünden kartları alıp eline eklersin. Kaç kart alacağın en üstteki karta bağlıdır:",
        [
          "senin koz takımından değilse: en üstteki 3 kart (yığında 3 ya da daha az kart varsa yığının tamamı);",
          "senin koz takımındansa ama as değilse: en üstteki 5 kart (yığında 5 ya da daha az kart varsa yığının tamamı);",
          "kendi kozunun ası ise: yığının tamamı.",
        ],
        "Yığındaki bütün kartlar açık durur, bu yüzden herkes hangi kartları aldığını görür.",
      ],
    },
    R13: {
      title: "Kart alındıktan sonra",
      body: [
        "Sıra bir sonraki oyuncuya geçer. Yığında kart kaldıysa, o oyuncu şimdi en üstte duran karta, sanki yeni oynanmış gibi cevap vermek zorundadır — o kartı kendisi oynamış olsa bile. Yığın boşaldıysa istediği bir kartı açar.",
      ],
    },
    R14: {
      title: "Oyundan çıkmak",
      body: [
        "Son kartın elinden çıktığında — kart açarak, yenerek ya da ikinci kart olarak — o elden çıkarsın ve sıralaman kaydedilir: ilk çıkan, ikinci çıkan ve böyle devam eder. Sıra bir sonraki oyuncuya geçer; o da en üstteki karta cevap vermek zorundadır.",
      ],
    },
    R15: {
      title: "Son iki oyuncu",
      body: [
        "Bir oyuncu çıktığında elinde kart kalan tek bir oyuncu varsa, o oyuncunun son bir cevap hakkı vardır ve oyun bunu hemen karara bağlar:",
        [
          "elinde tek kart varsa ve bu kart en üstteki kartı (kendi kozuna göre) yeniyorsa, kart oynanır ve el **berabere** biter;",
          "aksi hâlde o oyuncu **kaybeder**.",
        ],
        "Düelloda, berabere bitmedikçe önce çıkan oyuncu kazanır.",
      ],
    },
    R16: {
      title: "Bitmeyen eller",
      body: [
        "Alınan kartlar oyuna geri döndüğü için bir el kendini tekrar edebilir. El, hâlâ kartı olan oyuncular arasında **berabere** biter, eğer",
        [
          "aynı durum üçüncü kez ortaya çıkarsa — her eldeki kartlar aynı, yığın aynı sırayla aynı, sıra aynı oyuncuda ve ikinci kart borcu aynı; başlangıç durumu ilk kez sayılır; ya da",
          "hamle sınırına ulaşılırsa: masa değiştirmediyse 1000 hamle. Bir hamle; bir kart açma, ikinci kartıyla birlikte bir yenme, son kartla bir yenme ya da bir kart almadır.",
        ],
        "Her hamleden sonra önce son iki oyuncu kuralına, sonra tekrara, sonra hamle sınırına bakılır.",
      ],
    },
    R17: {
      title: "Sonuç",
      body: [
        "Elin sonunda her oyuncunun sıralamasını, kaybedeni (beraberlikte kimse) ve elin neden bittiğini görürsün: bir oyuncu kartlarıyla kaldı, son kart beraberliği kurtardı, bir durum tekrarlandı, hamle sınırına ulaşıldı ya da el yarıda bırakıldı. Düelloda bu; galibiyet, yenilgi ya da beraberlik demektir.",
      ],
    },
    R18: {
      title: "Her oyuncu neyi görür",
      body: [
        "Her zaman şunları görürsün:",
        [
          "kendi elini;",
          "yığındaki bütün kartları;",
          "diğer oyuncuların her birinin elinde kaç kart olduğunu;",
          "her oyuncunun koz takımını;",
          "her oyuncunun hangi kartları aldığını (yığında açık duruyorlardı).",
        ],
        "İki kişide bütün deste dağıtıldığı için rakibinin elini tam olarak çıkarabilirsin: düello tam bilgili bir oyundur. Üç ya da dört kişide bu mümkün değildir ve sunucu sana asla başka bir oyuncunun elini göstermez.",
      ],
    },
  },
  examplesIntro: [
    "Bütün örneklerde iki oyuncu var: Oyuncu 1'in kozu maça {S}, Oyuncu 2'nin kozu kupa {H}. Kartlardaki işaretleri oyunun kendisi hesaplar; bu yüzden tam olarak oyunun izin verdiğini gösterirler.",
  ],
  examples: {
    E1: {
      title: "Daha büyük bir kart ya da kendi kozun",
      body: [
        "Oyuncu 2 en üstteki karta cevap vermeli: {9C}. {TC} onu yener: aynı takım, daha büyük. {6H} kartı da yener: Oyuncu 2'nin kozu, sinek ise değil. {8C} daha küçük; {7D} ne sinek ne de koz, bu yüzden ikisi de yenmez. Kart almak her zamanki gibi serbest.",
      ],
    },
    E2: {
      title: "En üstte senin kendi kozun",
      body: [
        "En üstteki {9H}, Oyuncu 2'nin kendi koz takımından; onu yalnızca daha büyük bir kupa yenebilir: {TH}. {8H} daha küçük. {AS} kartı da yenemez — başka takımdan bir as, Oyuncu 2 için koz değildir.",
      ],
    },
    E3: {
      title: "Başkasının kozu sadece bir karttır",
      body: [
        "En üstteki {AS}, Oyuncu 1'in kozu; ama bu, Oyuncu 2'ye karşı ona hiçbir güç vermez. En küçük kupa olan {6H}, Oyuncu 2'nin kozu olarak onu yener. {KS} daha küçük bir maça olduğu için yenemez.",
      ],
    },
    E4: {
      title: "Üç kart almak",
      body: [
        "Oyuncu 2 kart alır. En üstteki {KD} kupa değil; bu yüzden Oyuncu 2 en üstteki üç kartı alır: {JS}, {QC} ve {KD}. Şimdi en üstte {8C} var ve Oyuncu 1 bu karta cevap vermek zorunda — onu kendisi oynamış olsa bile.",
      ],
    },
    E5: {
      title: "Beş kart almak",
      body: [
        "Oyuncu 2 kart alır. En üstteki {9H}, Oyuncu 2'nin kozu ama as değil; bu yüzden Oyuncu 2 en üstteki beş kartı alır: {8C}, {JS}, {QC}, {KD} ve {9H}. Yığında yalnızca {7H} kalır ve Oyuncu 1 ona cevap vermek zorundadır.",
      ],
    },
    E6: {
      title: "Önce yen, sonra ikinci kart",
      body: [
        "Oyuncu 2 en üstteki {9C} kartını {TC} ile yener. Şimdi üstüne ikinci bir kart koymak zorunda — hangisi olursa: {8C}, {7D} ya da {6H}. Oyuncu 1 cevap verene kadar kart almak yasak.",
      ],
    },
    E7: {
      title: "Son kart beraberliği kurtarabilir",
      body: [
        "Oyuncu 1, {9D} kartını {TD} ile yener ve son kartını ikinci kart olarak koyar: {KC}. Oyuncu 1 çıktı. Oyuncu 2'nin elinde yalnızca {AH} var; bu kart {KC} kartını yener (sineğe koz), bu yüzden oynanır ve el berabere biter.",
        "Oyuncu 2'nin elinde {AH} ve {7D} olsaydı, cevap verecek tek bir son kart olmazdı: Oyuncu 2 kaybeder.",
      ],
    },
  },
  options: {
    intro: "Masayı kuran kişi bunları oyundan önce değiştirebilir.",
    head: ["Ayar", "Seçenekler", "Varsayılan"],
    rows: {
      players: ["Oyuncular (kural 1)", "2, 3 ya da 4", "2"],
      sixes: ["Altılılar sahibine (kural 6)", "açık ya da kapalı", "açık"],
      maxTurns: ["Hamle sınırı (kural 16)", "100 ile 10000 hamle arası", "1000"],
      clock: ["Hamle başına süre", "saniye cinsinden ya da süresiz", "çevrimiçi 30 sn, bilgisayara karşı süresiz"],
    },
  },
  pic: {
    player: P,
    trumpsOf: (seat) => `${Pgen(seat)} kozu`,
    pile: "Yığın",
    bottom: "alt",
    top: "üst",
    handOf: (seat) => `${Pgen(seat)} eli`,
    toMove: (seat) => `Sıra: ${P(seat)}`,
    canBeat: "en üstteki kartı yener",
    cannotBeat: "yenmez",
    anyCard: "ikinci kart olarak oynanabilir",
    chosen: "bu örnekte oynanan kart",
    pickUp: "Kart almak",
    allowed: "serbest",
    notAllowed: "yasak",
    takes: (seat, n) => `${P(seat)}, ${n} kart alır`,
    taken: "alınır",
    mustAnswer: (seat) => `${P(seat)} en üstteki karta cevap vermeli`,
    beforeAfter: ["Önce", "Yendikten sonra"],
    lastCard: (seat) => `${P(seat)} son kartını oynadı`,
    draw: "Berabere",
    loses: (seat) => `${P(seat)} kaybeder`,
    legend: "Resimlerdeki işaretler",
    legal: "oynanabilir",
    illegal: "oynanamaz",
  },
  suitNames: SUIT,
  cardName: (card: Card) => `${SUIT[suitOf(card)]} ${RANK[rankOf(card)]}`,
};
