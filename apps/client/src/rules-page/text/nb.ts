import { rankOf, suitOf, type Card, type Rank, type Suit } from "@yourtrumps/engine";
import type { RulesText } from "./types.js";

const RANK: Record<Rank, string> = {
  "6": "seks",
  "7": "sju",
  "8": "åtte",
  "9": "ni",
  T: "ti",
  J: "knekt",
  Q: "dame",
  K: "konge",
  A: "ess",
};
const SUIT: Record<Suit, string> = { S: "spar", H: "hjerter", D: "ruter", C: "kløver" };
const P = (seat: number): string => `Spiller ${seat + 1}`;
const p = (seat: number): string => `spiller ${seat + 1}`;

/** Norsk bokmål. */
export const nb: RulesText = {
  lang: "nb",
  title: "Slik spiller du Your Trumps",
  intro: [
    "Your Trumps er det russiske kortspillet Svoi Kozyri («egne trumfer») for to, tre eller fire spillere. Hver spiller har sin egen trumffarge. Målet er å bli kvitt alle kortene dine: den som blir sittende igjen med kort, taper.",
    "Alle kort legges med forsiden opp i én bunke midt på bordet. Når det er din tur, slår du enten det øverste kortet og legger et valgfritt kort oppå, eller så tar du kort fra bunken opp på hånden.",
  ],
  contents: "Innhold",
  parts: {
    setup: "Før spillet",
    play: "Spillet",
    end: "Slutten på en omgang",
    info: "Hva du kan se",
    examples: "Eksempler",
    options: "Bordvalg",
  },
  rules: {
    R1: { title: "Spillere", body: ["To spillere — duellen, det vanlige spillet — eller tre eller fire."] },
    R2: {
      title: "Kortstokken",
      body: [
        "36 kort: 6, 7, 8, 9, 10, knekt (J), dame (Q), konge (K) og ess (A) i hver av de fire fargene {S} spar, {H} hjerter, {D} ruter og {C} kløver.",
        "Innenfor en farge slår et høyere kort et lavere. Kort i ulike farger sammenlignes aldri etter verdi.",
      ],
    },
    R3: {
      title: "Din trumf",
      body: [
        "Før utdelingen får hver spiller sin egen trumffarge; to spillere kan aldri ha samme. Med to spillere er to farger ingens, med tre spillere én.",
        "På nett velger du fargen ved bordet: trykk på en ledig farge — førstemann til mølla. Har du ikke valgt når omgangen starter, får du den første ledige fargen i rekkefølgen {S} {H} {D} {C}.",
      ],
    },
    R4: {
      title: "Giveren",
      body: [
        "Hvem som gir i første omgang, trekkes tilfeldig. Deretter gir taperen av forrige omgang; etter uavgjort gir den samme giveren igjen.",
      ],
    },
    R5: {
      title: "Utdelingen",
      body: [
        "Giveren stokker og deler ut hele kortstokken, ett kort om gangen, med klokka, og begynner med spilleren til venstre. Ingenting blir til overs:",
        ["to spillere får 18 kort hver;", "tre spillere får 12 kort hver;", "fire spillere får 9 kort hver."],
      ],
    },
    R6: {
      title: "Seksere går hjem",
      body: [
        "Før spillet begynner, gir alle hver sekser i en annen spillers trumffarge til den spilleren. En sekser i en farge som ingen eier, blir der den er.",
        "Slik har alle minst sekseren i sin egen trumf, og hendene kan bli ulikt store. Bordet kan slå av denne regelen; den er på med mindre dere endrer den.",
      ],
    },
    R7: {
      title: "Hvem som begynner",
      body: ["Spilleren til venstre for giveren starter. Med to spillere er det ganske enkelt den som ikke ga."],
    },
    R8: {
      title: "Å spille ut",
      body: [
        "Når bunken er tom, legger spilleren som står for tur, et hvilket som helst kort fra hånden med forsiden opp i bunken. Det kortet er nå det øverste kortet.",
      ],
    },
    R9: {
      title: "Din tur: slå eller ta opp",
      body: [
        "Ligger det kort i bunken når turen din begynner, har du to valg:",
        [
          "slå det øverste kortet (regel 10) og så legge et kort til (regel 11), eller",
          "ta opp kort fra bunken (regel 12).",
        ],
        "Du kan alltid ta opp, selv om du kunne ha slått.",
      ],
    },
    R10: {
      title: "Å slå et kort",
      body: [
        "Kortet ditt slår det øverste kortet hvis",
        ["det er i samme farge og høyere, eller", "det er i din trumffarge og det øverste kortet ikke er det."],
        "Et øverste kort i din egen trumffarge kan altså bare slås av et høyere kort i din trumffarge.",
        "Det spiller ingen rolle om kortet var trumf for den som la det — bare dine egne trumfer har særlig kraft i din tur. Du trenger aldri å følge farge: du kan trumfe selv om du har kort i samme farge som det øverste kortet.",
      ],
    },
    R11: {
      title: "Det andre kortet",
      body: [
        "Rett etter at du har slått, legger du et hvilket som helst kort fra hånden oppå kortet du slo med. Neste spiller må svare på det kortet. Du kan ikke ta opp i stedet.",
        "Slo du med ditt siste kort, har du ikke noe andre kort å legge — du er ute (regel 14).",
      ],
    },
    R12: {
      title: "Å ta opp",
      body: [
        "Du tar kort fra toppen av bunken opp på hånden. Hvor mange avhenger av det øverste kortet:",
        [
          "ikke i din trumffarge: de 3 øverste kortene (hele bunken hvis den har 3 kort eller færre);",
          "i din trumffarge, men ikke esset: de 5 øverste kortene (hele bunken hvis den har 5 kort eller færre);",
          "esset i din trumffarge: hele bunken.",
        ],
        "Alle kortene i bunken ligger med forsiden opp, så alle ser hvilke kort du tok.",
      ],
    },
    R13: {
      title: "Etter at noen har tatt opp",
      body: [
        "Turen går til neste spiller. Ligger det fortsatt kort i bunken, må den spilleren svare på kortet som nå ligger øverst, akkurat som om det nettopp var spilt — selv om spilleren la det selv. Er bunken tom, spiller spilleren ut et valgfritt kort.",
      ],
    },
    R14: {
      title: "Å gå ut",
      body: [
        "Når ditt siste kort forlater hånden — ved utspill, ved å slå eller som andre kort — er du ute av omgangen, og plassen din noteres: først ut, nummer to ut og så videre. Turen går til neste spiller, som må svare på det øverste kortet.",
      ],
    },
    R15: {
      title: "De to siste",
      body: [
        "Når en spiller går ut og bare én annen spiller har kort igjen, får den spilleren ett siste svar, og spillet avgjør det med en gang:",
        [
          "har spilleren ett eneste kort og det slår det øverste kortet (med spillerens egen trumf), legges det, og omgangen blir **uavgjort**;",
          "ellers har spilleren **tapt**.",
        ],
        "I duellen vinner den som gikk ut først, med mindre det blir uavgjort.",
      ],
    },
    R16: {
      title: "Omganger som går i ring",
      body: [
        "Kort som tas opp, kommer tilbake i spill, så en omgang kan gjenta seg. Den ender **uavgjort** mellom spillerne som fortsatt har kort, når",
        [
          "samme stilling oppstår for tredje gang — de samme kortene på hver hånd, den samme bunken i samme rekkefølge, samme spiller i tur, og andre kort skyldes eller ikke; startstillingen teller som første gang; eller",
          "turgrensen er nådd: 1000 turer med mindre bordet har endret den. En tur er ett utspill, ett slag med sitt andre kort, ett slag med siste kort eller én opptaking.",
        ],
        "Etter hvert trekk sjekkes først regelen om de to siste, så gjentakelse, så turgrensen.",
      ],
    },
    R17: {
      title: "Resultatet",
      body: [
        "Til slutt ser du alle spilleres plassering, hvem som tapte (ingen ved uavgjort) og hvorfor omgangen tok slutt: én spiller satt igjen med kort, det siste kortet berget uavgjort, en stilling ble gjentatt, turgrensen ble nådd, eller omgangen ble avbrutt. I duellen betyr det seier, tap eller uavgjort.",
      ],
    },
    R18: {
      title: "Hva hver spiller ser",
      body: [
        "Du ser alltid:",
        [
          "din egen hånd;",
          "alle kortene i bunken;",
          "hvor mange kort hver av de andre har;",
          "hver spillers trumffarge;",
          "hvilke kort hver spiller har tatt opp (de lå med forsiden opp i bunken).",
        ],
        "Med to spillere deles hele kortstokken ut, så du kan regne ut motstanderens hånd nøyaktig: duellen er et spill med full informasjon. Med tre eller fire spillere kan du ikke det, og serveren viser deg aldri en annen spillers hånd.",
      ],
    },
  },
  examplesIntro: [
    "I alle eksemplene er det to spillere: spiller 1 har spar {S} som trumf, spiller 2 har hjerter {H}. Merkene på kortene regnes ut av spillet selv, så de viser nøyaktig hva det tillater.",
  ],
  examples: {
    E1: {
      title: "Et høyere kort eller din egen trumf",
      body: [
        "Spiller 2 må svare på {9C}. {TC} slår det: samme farge, høyere. {6H} slår det også: det er spiller 2s trumf, og kløver er det ikke. {8C} er lavere, og {7D} er verken kløver eller trumf, så de slår ikke. Å ta opp er som alltid lov.",
      ],
    },
    E2: {
      title: "Din egen trumf ligger øverst",
      body: [
        "{9H} er spiller 2s egen trumffarge, så bare en høyere hjerter slår det: {TH}. {8H} er lavere, og {AS} slår det heller ikke — et ess i en annen farge er ingen trumf for spiller 2.",
      ],
    },
    E3: {
      title: "Andres trumf er bare et kort",
      body: [
        "{AS} er trumf for spiller 1, men det gir det ingen kraft mot spiller 2. {6H}, den laveste hjerteren, slår det som spiller 2s trumf. {KS} er en lavere spar og slår ikke.",
      ],
    },
    E4: {
      title: "Å ta opp tre",
      body: [
        "Spiller 2 tar opp. Det øverste kortet {KD} er ikke hjerter, så spiller 2 tar de tre øverste kortene: {JS}, {QC} og {KD}. Nå ligger {8C} øverst, og spiller 1 må svare på det — selv om spiller 1 la det selv.",
      ],
    },
    E5: {
      title: "Å ta opp fem",
      body: [
        "Spiller 2 tar opp. Det øverste kortet {9H} er spiller 2s trumf, men ikke esset, så spiller 2 tar de fem øverste kortene: {8C}, {JS}, {QC}, {KD} og {9H}. Bare {7H} blir liggende, og spiller 1 må svare på det.",
      ],
    },
    E6: {
      title: "Slå, og så et andre kort",
      body: [
        "Spiller 2 slår {9C} med {TC}. Nå må spiller 2 legge et andre kort oppå — hvilket som helst: {8C}, {7D} eller {6H}. Å ta opp er ikke lov før spiller 1 har svart.",
      ],
    },
    E7: {
      title: "Siste kort kan berge uavgjort",
      body: [
        "Spiller 1 slår {9D} med {TD} og legger sitt siste kort, {KC}, som andre kort: spiller 1 er ute. Spiller 2 har bare {AH}, som slår {KC} (trumf på kløver), så det legges, og omgangen blir uavgjort.",
        "Hadde spiller 2 hatt {AH} og {7D}, ville det ikke vært ett eneste siste kort å svare med: spiller 2 taper.",
      ],
    },
  },
  options: {
    intro: "Den som setter opp bordet, kan endre disse før spillet.",
    head: ["Valg", "Muligheter", "Standard"],
    rows: {
      players: ["Spillere (regel 1)", "2, 3 eller 4", "2"],
      sixes: ["Seksere går hjem (regel 6)", "på eller av", "på"],
      maxTurns: ["Turgrense (regel 16)", "100 til 10000 turer", "1000"],
      clock: ["Tid per tur", "et antall sekunder, eller ingen", "30 s på nett, ingen mot datamaskinen"],
    },
  },
  pic: {
    player: P,
    trumpsOf: (seat) => `Trumf for ${p(seat)}`,
    pile: "Bunke",
    bottom: "nederst",
    top: "øverst",
    handOf: (seat) => `Hånden til ${p(seat)}`,
    toMove: (seat) => `${P(seat)} står for tur`,
    canBeat: "slår det øverste kortet",
    cannotBeat: "slår ikke",
    anyCard: "kan legges som andre kort",
    chosen: "spilles i dette eksemplet",
    pickUp: "Ta opp",
    allowed: "lov",
    notAllowed: "ikke lov",
    takes: (seat, n) => `${P(seat)} tar ${n} kort`,
    taken: "tas opp",
    mustAnswer: (seat) => `${P(seat)} må svare på det øverste kortet`,
    beforeAfter: ["Før", "Etter slaget"],
    lastCard: (seat) => `${P(seat)} har lagt sitt siste kort`,
    draw: "Uavgjort",
    loses: (seat) => `${P(seat)} taper`,
    legend: "Merker i bildene",
    legal: "kan spilles",
    illegal: "kan ikke spilles",
  },
  suitNames: SUIT,
  cardName: (card: Card) => `${SUIT[suitOf(card)]} ${RANK[rankOf(card)]}`,
};
