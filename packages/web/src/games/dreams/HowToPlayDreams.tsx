import { useTranslation } from "react-i18next";
import { SampleStep, useSampleDeck } from "./Showcase";

interface Guide {
  title: string;
  sections: { heading: string; paragraphs: string[] }[];
}

/** Our own short guide to Dreams, one per language (never the rulebook's wording). */
const GUIDES: Record<string, Guide> = {
  en: {
    title: "How to play Dreams",
    sections: [
      {
        heading: "The idea",
        paragraphs: [
          "Four pictures lie in a square, numbered 1 to 4. One of them is the true dream. Every player except one is a god and secretly knows which picture it is. The remaining player is the mortal and knows nothing — but nobody knows who the mortal is.",
        ],
      },
      {
        heading: "Drawing the dream",
        paragraphs: [
          "Next to the pictures is an empty night sky, the firmament, shaped like a card. A spot on the firmament means the same spot on every picture.",
          "Taking turns, starting with the dealer, each player puts one of their three stars (clear, gray, black) on the firmament, until everyone has placed all three. Gods place stars on details of the true dream, but carefully: if they are too obvious, the mortal will recognise the picture. The mortal watches the gods' stars and tries to blend in.",
        ],
      },
      {
        heading: "Guessing and scoring",
        paragraphs: [
          "Then everyone guesses at once and in secret. Each god names the colour of the player they believe is the mortal. The mortal names the picture they believe is the true dream.",
          "A god scores 2 points for finding the mortal and 1 point if nobody suspected them. The mortal scores 3 points if no god found them and 2 more for naming the true dream.",
        ],
      },
      {
        heading: "The end",
        paragraphs: [
          "Rounds continue with a new dealer and new pictures. When a round ends with at least one player on 16 points or more, the game is over and the highest score wins; ties share the win.",
        ],
      },
      {
        heading: "Playing here",
        paragraphs: [
          "Press Peek to look at your secret marker. Choose a star kind, then click the firmament, or move the cursor with the arrow keys and press Enter (1, 2 and 3 choose the star). On a phone, tap to choose the spot and press Place star; a setting asks for this confirmation on any device. A faint mark on each picture shows where your star would land. Peek hides your marker again after 10 seconds; if nobody else sees your screen, a setting keeps it shown. At the table, press ? for its keyboard shortcuts (F for the firmament, C for the chat…). Use the chat, in the lobby too, to talk and to bluff.",
        ],
      },
    ],
  },
  de: {
    title: "So wird Dreams gespielt",
    sections: [
      {
        heading: "Worum es geht",
        paragraphs: [
          "Vier Bilder liegen im Quadrat, nummeriert von 1 bis 4. Eines davon ist der wahre Traum. Alle außer einer Person sind Götter und wissen heimlich, welches Bild es ist. Die übrige Person ist der Sterbliche und weiß nichts – doch niemand weiß, wer der Sterbliche ist.",
        ],
      },
      {
        heading: "Den Traum zeichnen",
        paragraphs: [
          "Neben den Bildern liegt ein leerer Nachthimmel, das Firmament, so groß wie eine Karte. Eine Stelle am Firmament steht für dieselbe Stelle auf jedem Bild.",
          "Reihum, beginnend beim Geber, setzt jede Person einen ihrer drei Sterne (klar, grau, schwarz) auf das Firmament, bis alle ihre drei Sterne gesetzt haben. Götter markieren Einzelheiten des wahren Traums, aber vorsichtig: Sind sie zu deutlich, erkennt der Sterbliche das Bild. Der Sterbliche beobachtet die Sterne der Götter und versucht, nicht aufzufallen.",
        ],
      },
      {
        heading: "Raten und Punkte",
        paragraphs: [
          "Dann raten alle gleichzeitig und geheim. Jeder Gott nennt die Farbe der Person, die er für den Sterblichen hält. Der Sterbliche nennt das Bild, das er für den wahren Traum hält.",
          "Ein Gott erhält 2 Punkte, wenn er den Sterblichen findet, und 1 Punkt, wenn niemand ihn verdächtigt hat. Der Sterbliche erhält 3 Punkte, wenn kein Gott ihn gefunden hat, und 2 weitere für das richtige Bild.",
        ],
      },
      {
        heading: "Das Ende",
        paragraphs: [
          "Es folgen Runden mit neuem Geber und neuen Bildern. Endet eine Runde mit mindestens einer Person bei 16 Punkten oder mehr, ist das Spiel aus: Die höchste Punktzahl gewinnt, bei Gleichstand gewinnen mehrere.",
        ],
      },
      {
        heading: "Hier spielen",
        paragraphs: [
          "Mit „Spähen“ siehst du dein geheimes Plättchen an. Wähle eine Sternart und klicke auf das Firmament, oder bewege den Cursor mit den Pfeiltasten und drücke Enter (1, 2 und 3 wählen den Stern). Am Handy tippst du auf die Stelle und drückst „Stern setzen“; eine Einstellung verlangt diese Bestätigung auf jedem Gerät. Eine zarte Markierung auf jedem Bild zeigt, wo dein Stern landen würde. „Spähen“ verdeckt dein Plättchen nach 10 Sekunden wieder; sieht niemand sonst deinen Bildschirm, lässt eine Einstellung es sichtbar. Am Tisch zeigt ? die Tastenkürzel (F für das Firmament, C für den Chat …). Im Chat, auch schon vor dem Start, wird geredet und geblufft.",
        ],
      },
    ],
  },
  fr: {
    title: "Comment jouer à Dreams",
    sections: [
      {
        heading: "Le principe",
        paragraphs: [
          "Quatre images forment un carré, numérotées de 1 à 4. L'une d'elles est le vrai rêve. Tous les joueurs sauf un sont des dieux et savent en secret de quelle image il s'agit. Le dernier joueur est le mortel et ne sait rien — mais personne ne sait qui est le mortel.",
        ],
      },
      {
        heading: "Dessiner le rêve",
        paragraphs: [
          "À côté des images se trouve un ciel nocturne vide, le firmament, de la forme d'une carte. Un point du firmament désigne le même point sur chaque image.",
          "Chacun son tour, en commençant par le donneur, chaque joueur pose l'une de ses trois étoiles (claire, grise, noire) sur le firmament, jusqu'à ce que tout le monde ait posé les trois. Les dieux visent des détails du vrai rêve, mais avec prudence : trop évidents, ils trahiraient l'image au mortel. Le mortel observe les étoiles des dieux et tente de se fondre parmi eux.",
        ],
      },
      {
        heading: "Deviner et marquer",
        paragraphs: [
          "Ensuite, tout le monde devine en même temps et en secret. Chaque dieu désigne la couleur du joueur qu'il croit être le mortel. Le mortel désigne l'image qu'il croit être le vrai rêve.",
          "Un dieu marque 2 points s'il trouve le mortel et 1 point si personne ne l'a soupçonné. Le mortel marque 3 points si aucun dieu ne l'a trouvé, et 2 de plus s'il désigne le vrai rêve.",
        ],
      },
      {
        heading: "La fin",
        paragraphs: [
          "Les manches s'enchaînent avec un nouveau donneur et de nouvelles images. Quand une manche se termine avec au moins un joueur à 16 points ou plus, la partie s'arrête : le meilleur score gagne, et les ex æquo se partagent la victoire.",
        ],
      },
      {
        heading: "Jouer ici",
        paragraphs: [
          "Appuyez sur « Regarder » pour voir votre marqueur secret. Choisissez une étoile puis cliquez sur le firmament, ou déplacez le curseur avec les flèches et appuyez sur Entrée (1, 2 et 3 choisissent l'étoile). Sur téléphone, touchez l'endroit puis appuyez sur « Poser l'étoile » ; un réglage demande cette confirmation sur tout appareil. Une marque discrète sur chaque image montre où tomberait votre étoile. « Regarder » recache votre marqueur après 10 secondes ; si personne d'autre ne voit votre écran, un réglage le garde affiché. À la table, ? montre les raccourcis clavier (F pour le firmament, C pour le chat…). Le chat, dès l'attente avant la partie, sert à discuter et à bluffer.",
        ],
      },
    ],
  },
  it: {
    title: "Come si gioca a Dreams",
    sections: [
      {
        heading: "L'idea",
        paragraphs: [
          "Quattro immagini formano un quadrato, numerate da 1 a 4. Una di esse è il vero sogno. Tutti i giocatori tranne uno sono dèi e sanno in segreto di quale immagine si tratta. Il giocatore restante è il mortale e non sa nulla — ma nessuno sa chi sia il mortale.",
        ],
      },
      {
        heading: "Disegnare il sogno",
        paragraphs: [
          "Accanto alle immagini c'è un cielo notturno vuoto, il firmamento, con la forma di una carta. Un punto del firmamento indica lo stesso punto su ogni immagine.",
          "A turno, a partire dal mazziere, ogni giocatore mette una delle sue tre stelle (chiara, grigia, nera) sul firmamento, finché tutti le hanno piazzate tutte e tre. Gli dèi indicano dettagli del vero sogno, ma con cautela: se sono troppo espliciti, il mortale riconoscerà l'immagine. Il mortale osserva le stelle degli dèi e cerca di confondersi.",
        ],
      },
      {
        heading: "Indovinare e segnare punti",
        paragraphs: [
          "Poi tutti indovinano insieme e in segreto. Ogni dio indica il colore del giocatore che ritiene sia il mortale. Il mortale indica l'immagine che ritiene sia il vero sogno.",
          "Un dio ottiene 2 punti se trova il mortale e 1 punto se nessuno lo ha sospettato. Il mortale ottiene 3 punti se nessun dio lo ha trovato e altri 2 se indica il vero sogno.",
        ],
      },
      {
        heading: "La fine",
        paragraphs: [
          "I round proseguono con un nuovo mazziere e nuove immagini. Quando un round finisce con almeno un giocatore a 16 punti o più, la partita termina: vince il punteggio più alto, e in caso di parità vincono in più.",
        ],
      },
      {
        heading: "Giocare qui",
        paragraphs: [
          "Premi «Sbircia» per guardare il tuo segnalino segreto. Scegli un tipo di stella e clicca sul firmamento, oppure sposta il cursore con le frecce e premi Invio (1, 2 e 3 scelgono la stella). Sul telefono tocca il punto e premi «Metti la stella»; un'impostazione chiede questa conferma su ogni dispositivo. Un segno leggero su ogni immagine mostra dove cadrebbe la tua stella. «Sbircia» nasconde di nuovo il segnalino dopo 10 secondi; se nessun altro vede il tuo schermo, un'impostazione lo tiene visibile. Al tavolo, ? mostra le scorciatoie da tastiera (F per il firmamento, C per la chat…). Usa la chat, anche in attesa dell'inizio, per parlare e bluffare.",
        ],
      },
    ],
  },
};

/** After which sections of the guide a step of the sample round is shown (real cards, stars, a reveal). */
const PICTURES: Record<number, 0 | 1 | 2> = { 0: 0, 1: 1, 2: 2 };

/** How to play Dreams in the reader's language, with the sample round's steps between its sections. */
export default function HowToPlayDreams() {
  const { i18n } = useTranslation();
  const guide = GUIDES[i18n.language] ?? (GUIDES.en as Guide);
  const deck = useSampleDeck();
  return (
    <>
      <h1>{guide.title}</h1>
      {guide.sections.map((section, i) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p.slice(0, 32)}>{p}</p>
          ))}
          {PICTURES[i] !== undefined && <SampleStep step={PICTURES[i]} deck={deck} lazy={false} />}
        </section>
      ))}
    </>
  );
}
