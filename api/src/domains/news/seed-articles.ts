/**
 * Demo news of the landing site: news in all nine languages with polls and comments. The same editorial calendar is published on every server; `{server}` in a text is
 * replaced by the server's display name. Ten articles are translated into all nine languages;
 * the three oldest exist only in English (one also in Polish), as older posts often do, so the
 * API's English fallback is exercised by the demo data.
 */
import type { LocaleCode } from '@landing/domain';
import type { NewsImageTheme } from './seed-images.js';

/** Title, excerpt (plain text) and body (trusted HTML) of an article in one language. */
interface SeedArticleText {
  title: string;
  excerpt: string;
  body: string;
}

/** A poll of a seed article. Texts exist in all nine languages. */
interface SeedPoll {
  type: 'single' | 'multiple';
  limitOvr: number;
  /** Days from the seed time to finish_at; negative = already ended. */
  finishInDays: number;
  question: Record<LocaleCode, string>;
  /** Option texts, in display order. */
  options: Array<Record<LocaleCode, string>>;
  /** Relative popularity of each option for the demo ballots. */
  weights: number[];
}

/** One article of the editorial calendar. */
export interface SeedArticle {
  slug: string;
  /** Days before the seed time it was published (a few hours of jitter are added per server). */
  daysAgo: number;
  image: NewsImageTheme;
  text: { en: SeedArticleText } & Partial<Record<LocaleCode, SeedArticleText>>;
  poll?: SeedPoll;
  /** Demo comments: top-level count range and chance of replies. */
  comments: { min: number; max: number };
}

/** The same string in every language (formations, proper names). */
const same = (s: string): Record<LocaleCode, string> => ({ en: s, ru: s, pl: s, br: s, es: s, it: s, de: s, fr: s, tr: s });

export const SEED_ARTICLES: SeedArticle[] = [
  {
    slug: 'new-season-kicks-off',
    daysAgo: 1,
    image: { icon: 'ball', from: '#0f5132', to: '#0b2a4a', accent: '#2fd07a' },
    comments: { min: 4, max: 7 },
    text: {
      en: {
        title: 'A new season kicks off on {server}',
        excerpt: 'Fresh leagues, new fixtures and an open transfer window: everything you need to know before the first whistle.',
        body:
          `<p>The new season is live on <strong>{server}</strong>. Leagues have been redrawn from last season's results, so promoted clubs face tougher opponents from the very first matchday.</p>` +
          `<h3>What changes</h3><ul><li>League fixtures are published for the whole season.</li><li>The transfer window is open for the first two weeks.</li><li>Training energy is refilled for every player.</li></ul>` +
          `<p>Check your tactics, sign the players you need and good luck on the pitch!</p>`,
      },
      ru: {
        title: 'На сервере {server} стартует новый сезон',
        excerpt: 'Новые лиги, новое расписание и открытое трансферное окно: всё, что нужно знать до первого свистка.',
        body:
          `<p>Новый сезон на сервере <strong>{server}</strong> уже начался. Лиги сформированы заново по итогам прошлого сезона, поэтому клубы, поднявшиеся в классе, с первого тура встретятся с более сильными соперниками.</p>` +
          `<h3>Что меняется</h3><ul><li>Расписание матчей лиги опубликовано на весь сезон.</li><li>Трансферное окно открыто первые две недели.</li><li>Энергия для тренировок восстановлена у всех игроков.</li></ul>` +
          `<p>Проверьте тактику, подпишите нужных игроков — и удачи на поле!</p>`,
      },
      pl: {
        title: 'Nowy sezon startuje na serwerze {server}',
        excerpt: 'Nowe ligi, nowy terminarz i otwarte okno transferowe: wszystko, co musisz wiedzieć przed pierwszym gwizdkiem.',
        body:
          `<p>Nowy sezon na serwerze <strong>{server}</strong> właśnie się rozpoczął. Ligi zostały ułożone na nowo według wyników poprzedniego sezonu, więc beniaminkowie już od pierwszej kolejki zmierzą się z mocniejszymi rywalami.</p>` +
          `<h3>Co się zmienia</h3><ul><li>Terminarz ligi jest opublikowany na cały sezon.</li><li>Okno transferowe jest otwarte przez pierwsze dwa tygodnie.</li><li>Energia treningowa została odnowiona wszystkim graczom.</li></ul>` +
          `<p>Sprawdź taktykę, podpisz potrzebnych zawodników i powodzenia na boisku!</p>`,
      },
      br: {
        title: 'Uma nova temporada começa no {server}',
        excerpt: 'Ligas renovadas, novos jogos e a janela de transferências aberta: tudo o que você precisa saber antes do apito inicial.',
        body:
          `<p>A nova temporada já começou no <strong>{server}</strong>. As ligas foram redefinidas com base nos resultados da temporada passada, então os clubes promovidos enfrentam adversários mais fortes desde a primeira rodada.</p>` +
          `<h3>O que muda</h3><ul><li>A tabela da liga foi publicada para a temporada inteira.</li><li>A janela de transferências fica aberta nas duas primeiras semanas.</li><li>A energia de treino foi recarregada para todos os jogadores.</li></ul>` +
          `<p>Revise sua tática, contrate os jogadores de que precisa e boa sorte em campo!</p>`,
      },
      es: {
        title: 'Arranca una nueva temporada en {server}',
        excerpt:
          'Ligas renovadas, nuevo calendario y el mercado de fichajes abierto: todo lo que necesitas saber antes del pitido inicial.',
        body:
          `<p>La nueva temporada ya está en marcha en <strong>{server}</strong>. Las ligas se han reorganizado según los resultados de la temporada pasada, así que los clubes ascendidos se enfrentarán a rivales más duros desde la primera jornada.</p>` +
          `<h3>Qué cambia</h3><ul><li>El calendario de liga está publicado para toda la temporada.</li><li>El mercado de fichajes está abierto durante las dos primeras semanas.</li><li>La energía de entrenamiento se ha recargado para todos los jugadores.</li></ul>` +
          `<p>Revisa tu táctica, ficha a los jugadores que necesitas y ¡suerte en el campo!</p>`,
      },
      it: {
        title: 'Al via una nuova stagione su {server}',
        excerpt: 'Campionati rinnovati, nuovo calendario e mercato aperto: tutto quello che devi sapere prima del fischio d’inizio.',
        body:
          `<p>La nuova stagione è iniziata su <strong>{server}</strong>. I campionati sono stati ricomposti in base ai risultati della scorsa stagione, quindi i club promossi affronteranno avversari più forti fin dalla prima giornata.</p>` +
          `<h3>Cosa cambia</h3><ul><li>Il calendario del campionato è pubblicato per tutta la stagione.</li><li>Il mercato resta aperto per le prime due settimane.</li><li>L’energia per gli allenamenti è stata ricaricata per tutti i giocatori.</li></ul>` +
          `<p>Controlla la tua tattica, ingaggia i giocatori che ti servono e buona fortuna in campo!</p>`,
      },
      de: {
        title: 'Auf {server} startet eine neue Saison',
        excerpt: 'Neue Ligen, neuer Spielplan und ein offenes Transferfenster: alles, was du vor dem Anpfiff wissen musst.',
        body:
          `<p>Die neue Saison auf <strong>{server}</strong> hat begonnen. Die Ligen wurden nach den Ergebnissen der letzten Saison neu eingeteilt, sodass Aufsteiger schon ab dem ersten Spieltag auf stärkere Gegner treffen.</p>` +
          `<h3>Was sich ändert</h3><ul><li>Der Spielplan der Liga steht für die ganze Saison fest.</li><li>Das Transferfenster ist in den ersten zwei Wochen geöffnet.</li><li>Die Trainingsenergie wurde für alle Spieler aufgefüllt.</li></ul>` +
          `<p>Prüfe deine Taktik, verpflichte die Spieler, die du brauchst, und viel Glück auf dem Platz!</p>`,
      },
      fr: {
        title: 'Une nouvelle saison démarre sur {server}',
        excerpt: 'Nouveaux championnats, nouveau calendrier et mercato ouvert : tout ce qu’il faut savoir avant le coup d’envoi.',
        body:
          `<p>La nouvelle saison a commencé sur <strong>{server}</strong>. Les championnats ont été recomposés d’après les résultats de la saison dernière : les clubs promus affrontent des adversaires plus coriaces dès la première journée.</p>` +
          `<h3>Ce qui change</h3><ul><li>Le calendrier du championnat est publié pour toute la saison.</li><li>Le mercato est ouvert pendant les deux premières semaines.</li><li>L’énergie d’entraînement a été rechargée pour tous les joueurs.</li></ul>` +
          `<p>Vérifie ta tactique, recrute les joueurs qu’il te faut et bonne chance sur le terrain !</p>`,
      },
      tr: {
        title: '{server} sunucusunda yeni sezon başlıyor',
        excerpt: 'Yeni ligler, yeni fikstür ve açık transfer dönemi: ilk düdükten önce bilmen gereken her şey.',
        body:
          `<p><strong>{server}</strong> sunucusunda yeni sezon başladı. Ligler geçen sezonun sonuçlarına göre yeniden oluşturuldu; bu yüzden yükselen kulüpler daha ilk haftadan güçlü rakiplerle karşılaşacak.</p>` +
          `<h3>Neler değişiyor</h3><ul><li>Lig fikstürü tüm sezon için yayınlandı.</li><li>Transfer dönemi ilk iki hafta boyunca açık.</li><li>Tüm oyuncuların antrenman enerjisi yenilendi.</li></ul>` +
          `<p>Taktiğini gözden geçir, ihtiyacın olan oyuncuları transfer et ve sahada bol şans!</p>`,
      },
    },
  },
  {
    slug: 'poll-favourite-formation',
    daysAgo: 3,
    image: { icon: 'tactics', from: '#123a6b', to: '#0b1220', accent: '#4aa8ff' },
    comments: { min: 3, max: 6 },
    poll: {
      type: 'single',
      limitOvr: 30,
      finishInDays: 30,
      question: {
        en: 'Which formation do you play most often?',
        ru: 'Какую схему вы используете чаще всего?',
        pl: 'Którym ustawieniem grasz najczęściej?',
        br: 'Qual formação você usa com mais frequência?',
        es: '¿Qué formación usas con más frecuencia?',
        it: 'Quale modulo usi più spesso?',
        de: 'Welche Formation spielst du am häufigsten?',
        fr: 'Quelle formation utilises-tu le plus souvent ?',
        tr: 'En sık hangi dizilişle oynuyorsun?',
      },
      options: [same('4-4-2'), same('4-3-3'), same('3-5-2'), same('4-2-3-1'), same('5-3-2')],
      weights: [30, 34, 12, 18, 6],
    },
    text: {
      en: {
        title: 'Poll: which formation do you trust the most?',
        excerpt: 'A classic 4-4-2, an attacking 4-3-3 or something bolder? Vote and see what the community plays.',
        body:
          `<p>Every manager has a favourite shape. Some swear by a solid 4-4-2, others love wingers and a high defensive line. We want to know which formation you trust when the points really matter.</p>` +
          `<p>Choose <strong>one answer</strong> below. Players with the required OVR can vote until the poll closes, and the results update as soon as you vote.</p>`,
      },
      ru: {
        title: 'Опрос: какой схеме вы доверяете больше всего?',
        excerpt: 'Классическая 4-4-2, атакующая 4-3-3 или что-то смелее? Голосуйте и узнайте, как играет сообщество.',
        body:
          `<p>У каждого менеджера есть любимая схема. Одни клянутся надёжной 4-4-2, другие обожают фланговых игроков и высокую линию обороны. Нам интересно, какой схеме вы доверяете, когда на кону очки.</p>` +
          `<p>Выберите <strong>один ответ</strong> ниже. Игроки с нужным OVR могут голосовать до закрытия опроса, а результаты обновляются сразу после голосования.</p>`,
      },
      pl: {
        title: 'Ankieta: któremu ustawieniu ufasz najbardziej?',
        excerpt: 'Klasyczne 4-4-2, ofensywne 4-3-3, a może coś odważniejszego? Zagłosuj i zobacz, jak gra społeczność.',
        body:
          `<p>Każdy menedżer ma ulubione ustawienie. Jedni przysięgają na solidne 4-4-2, inni kochają skrzydłowych i wysoko ustawioną obronę. Chcemy wiedzieć, któremu ustawieniu ufasz, gdy naprawdę liczą się punkty.</p>` +
          `<p>Wybierz <strong>jedną odpowiedź</strong> poniżej. Gracze z wymaganym OVR mogą głosować do zamknięcia ankiety, a wyniki odświeżają się zaraz po oddaniu głosu.</p>`,
      },
      br: {
        title: 'Enquete: em qual formação você mais confia?',
        excerpt: 'Um clássico 4-4-2, um ofensivo 4-3-3 ou algo mais ousado? Vote e veja como a comunidade joga.',
        body:
          `<p>Todo treinador tem um esquema favorito. Alguns juram pelo sólido 4-4-2, outros adoram pontas e uma linha defensiva alta. Queremos saber em qual formação você confia quando os pontos realmente importam.</p>` +
          `<p>Escolha <strong>uma resposta</strong> abaixo. Jogadores com o OVR exigido podem votar até a enquete fechar, e os resultados são atualizados assim que você vota.</p>`,
      },
      es: {
        title: 'Encuesta: ¿en qué formación confías más?',
        excerpt: '¿Un clásico 4-4-2, un ofensivo 4-3-3 o algo más atrevido? Vota y descubre cómo juega la comunidad.',
        body:
          `<p>Cada mánager tiene su dibujo favorito. Algunos no renuncian a un sólido 4-4-2, otros adoran a los extremos y la defensa adelantada. Queremos saber en qué formación confías cuando los puntos de verdad importan.</p>` +
          `<p>Elige <strong>una respuesta</strong> abajo. Los jugadores con el OVR necesario pueden votar hasta que se cierre la encuesta, y los resultados se actualizan en cuanto votas.</p>`,
      },
      it: {
        title: 'Sondaggio: di quale modulo ti fidi di più?',
        excerpt: 'Un classico 4-4-2, un offensivo 4-3-3 o qualcosa di più audace? Vota e scopri come gioca la community.',
        body:
          `<p>Ogni allenatore ha il suo modulo preferito. C’è chi giura sul solido 4-4-2 e chi ama le ali e la difesa alta. Vogliamo sapere di quale modulo ti fidi quando i punti contano davvero.</p>` +
          `<p>Scegli <strong>una risposta</strong> qui sotto. I giocatori con l’OVR richiesto possono votare fino alla chiusura del sondaggio e i risultati si aggiornano appena voti.</p>`,
      },
      de: {
        title: 'Umfrage: Welcher Formation vertraust du am meisten?',
        excerpt: 'Ein klassisches 4-4-2, ein offensives 4-3-3 oder etwas Mutigeres? Stimm ab und sieh, wie die Community spielt.',
        body:
          `<p>Jeder Manager hat seine Lieblingsformation. Manche schwören auf ein solides 4-4-2, andere lieben Flügelspieler und eine hohe Abwehrkette. Wir wollen wissen, welcher Formation du vertraust, wenn es wirklich um Punkte geht.</p>` +
          `<p>Wähle unten <strong>eine Antwort</strong>. Spieler mit dem nötigen OVR können abstimmen, bis die Umfrage endet, und die Ergebnisse werden sofort nach deiner Stimme aktualisiert.</p>`,
      },
      fr: {
        title: 'Sondage : en quelle formation as-tu le plus confiance ?',
        excerpt: 'Un 4-4-2 classique, un 4-3-3 offensif ou quelque chose de plus audacieux ? Vote et découvre comment joue la communauté.',
        body:
          `<p>Chaque manager a son schéma préféré. Certains ne jurent que par un 4-4-2 solide, d’autres adorent les ailiers et une défense haute. Nous voulons savoir en quelle formation tu as confiance quand les points comptent vraiment.</p>` +
          `<p>Choisis <strong>une réponse</strong> ci-dessous. Les joueurs ayant l’OVR requis peuvent voter jusqu’à la clôture du sondage, et les résultats se mettent à jour dès ton vote.</p>`,
      },
      tr: {
        title: 'Anket: En çok hangi dizilişe güveniyorsun?',
        excerpt: 'Klasik 4-4-2, hücumcu 4-3-3 ya da daha cesur bir şey mi? Oy ver ve topluluğun nasıl oynadığını gör.',
        body:
          `<p>Her menajerin favori bir dizilişi vardır. Kimi sağlam bir 4-4-2’den vazgeçmez, kimi kanat oyuncularını ve önde savunmayı sever. Puanlar gerçekten önemli olduğunda hangi dizilişe güvendiğini merak ediyoruz.</p>` +
          `<p>Aşağıdan <strong>bir cevap</strong> seç. Gerekli OVR’a sahip oyuncular anket kapanana kadar oy verebilir; sonuçlar oy verdiğin anda güncellenir.</p>`,
      },
    },
  },
  {
    slug: 'match-engine-update',
    daysAgo: 5,
    image: { icon: 'gear', from: '#3a1f6b', to: '#0b1220', accent: '#b68cff' },
    comments: { min: 3, max: 6 },
    text: {
      en: {
        title: 'Match engine update: smarter pressing and set pieces',
        excerpt: 'Teams now react to the score, press higher when chasing a game and take set pieces the way you tell them to.',
        body:
          `<p>Our latest match engine update makes every minute count. Teams now change their behaviour depending on the score: a side that is losing presses higher and takes more risks, while a team protecting a lead drops deeper.</p>` +
          `<p>Set pieces finally follow your tactical instructions. Choose your corner takers and your preferred routine on the tactics screen, and the engine will use them in league and friendly matches.</p>` +
          `<p>As always, tell us what you think in the comments below.</p>`,
      },
      ru: {
        title: 'Обновление движка матчей: умный прессинг и стандарты',
        excerpt: 'Команды теперь реагируют на счёт, прессингуют выше, когда отыгрываются, и разыгрывают стандарты по вашим указаниям.',
        body:
          `<p>Последнее обновление движка матчей делает важной каждую минуту. Команды меняют поведение в зависимости от счёта: проигрывающая сторона прессингует выше и больше рискует, а команда, удерживающая преимущество, отходит к своим воротам.</p>` +
          `<p>Стандарты наконец выполняются по вашим тактическим указаниям. Выберите исполнителей угловых и любимый розыгрыш на экране тактики — движок будет использовать их в матчах лиги и товарищеских встречах.</p>` +
          `<p>Как всегда, делитесь мнением в комментариях ниже.</p>`,
      },
      pl: {
        title: 'Aktualizacja silnika meczowego: mądrzejszy pressing i stałe fragmenty',
        excerpt: 'Drużyny reagują teraz na wynik, pressują wyżej, gdy gonią rezultat, i wykonują stałe fragmenty tak, jak im każesz.',
        body:
          `<p>Najnowsza aktualizacja silnika meczowego sprawia, że liczy się każda minuta. Drużyny zmieniają zachowanie w zależności od wyniku: przegrywający zespół pressuje wyżej i bardziej ryzykuje, a drużyna broniąca prowadzenia cofa się głębiej.</p>` +
          `<p>Stałe fragmenty gry wreszcie są wykonywane zgodnie z Twoimi instrukcjami. Wybierz wykonawców rzutów rożnych i ulubiony wariant na ekranie taktyki, a silnik użyje ich w meczach ligowych i towarzyskich.</p>` +
          `<p>Jak zawsze czekamy na Wasze opinie w komentarzach poniżej.</p>`,
      },
      br: {
        title: 'Atualização do motor de partidas: pressão e bolas paradas mais inteligentes',
        excerpt:
          'Os times agora reagem ao placar, pressionam mais alto quando estão atrás e cobram bolas paradas do jeito que você mandar.',
        body:
          `<p>A nova atualização do motor de partidas faz cada minuto contar. Os times mudam o comportamento de acordo com o placar: quem está perdendo pressiona mais alto e arrisca mais, enquanto quem defende a vantagem recua.</p>` +
          `<p>As bolas paradas finalmente seguem suas instruções táticas. Escolha os cobradores de escanteio e a jogada preferida na tela de tática, e o motor vai usá-los nas partidas da liga e nos amistosos.</p>` +
          `<p>Como sempre, conte para nós o que achou nos comentários abaixo.</p>`,
      },
      es: {
        title: 'Actualización del motor de partidos: presión y balón parado más inteligentes',
        excerpt:
          'Los equipos ahora reaccionan al marcador, presionan más arriba cuando van perdiendo y ejecutan el balón parado como tú digas.',
        body:
          `<p>La última actualización del motor de partidos hace que cada minuto cuente. Los equipos cambian su comportamiento según el marcador: el que pierde presiona más arriba y arriesga más, mientras que el que defiende una ventaja se repliega.</p>` +
          `<p>Las jugadas a balón parado por fin siguen tus instrucciones tácticas. Elige a tus lanzadores de córner y tu jugada preferida en la pantalla de tácticas, y el motor los usará en partidos de liga y amistosos.</p>` +
          `<p>Como siempre, cuéntanos qué te parece en los comentarios.</p>`,
      },
      it: {
        title: 'Aggiornamento del motore partite: pressing e calci piazzati più intelligenti',
        excerpt: 'Le squadre ora reagiscono al risultato, pressano più alto quando inseguono e battono i calci piazzati come dici tu.',
        body:
          `<p>L’ultimo aggiornamento del motore partite fa contare ogni minuto. Le squadre cambiano atteggiamento in base al risultato: chi è in svantaggio pressa più alto e rischia di più, chi difende il vantaggio si abbassa.</p>` +
          `<p>I calci piazzati seguono finalmente le tue istruzioni tattiche. Scegli i battitori dei calci d’angolo e lo schema preferito nella schermata tattica: il motore li userà in campionato e nelle amichevoli.</p>` +
          `<p>Come sempre, dicci cosa ne pensi nei commenti qui sotto.</p>`,
      },
      de: {
        title: 'Update der Spiel-Engine: klügeres Pressing und Standards',
        excerpt: 'Teams reagieren jetzt auf den Spielstand, pressen höher bei Rückstand und führen Standards so aus, wie du es willst.',
        body:
          `<p>Mit dem neuesten Update der Spiel-Engine zählt jede Minute. Teams passen ihr Verhalten dem Spielstand an: Wer zurückliegt, presst höher und geht mehr Risiko, wer eine Führung verteidigt, zieht sich zurück.</p>` +
          `<p>Standardsituationen folgen endlich deinen taktischen Anweisungen. Wähle im Taktik-Bildschirm deine Eckballschützen und deine Lieblingsvariante, und die Engine setzt sie in Liga- und Freundschaftsspielen ein.</p>` +
          `<p>Wie immer freuen wir uns auf deine Meinung in den Kommentaren.</p>`,
      },
      fr: {
        title: 'Mise à jour du moteur de match : pressing et coups de pied arrêtés plus malins',
        excerpt:
          'Les équipes réagissent désormais au score, pressent plus haut quand elles sont menées et tirent les coups de pied arrêtés comme tu le décides.',
        body:
          `<p>La dernière mise à jour du moteur de match donne du poids à chaque minute. Les équipes adaptent leur comportement au score : celle qui est menée presse plus haut et prend plus de risques, tandis que celle qui protège son avance recule.</p>` +
          `<p>Les coups de pied arrêtés suivent enfin tes consignes tactiques. Choisis tes tireurs de corner et ta combinaison préférée dans l’écran de tactique, et le moteur les utilisera en championnat comme en match amical.</p>` +
          `<p>Comme toujours, donne-nous ton avis dans les commentaires.</p>`,
      },
      tr: {
        title: 'Maç motoru güncellemesi: daha akıllı pres ve duran toplar',
        excerpt:
          'Takımlar artık skora göre tepki veriyor, geride olduklarında önde pres yapıyor ve duran topları senin istediğin gibi kullanıyor.',
        body:
          `<p>Maç motorunun son güncellemesiyle her dakika önemli. Takımlar skora göre davranış değiştiriyor: geride olan taraf daha önde pres yapıp daha çok risk alıyor, skoru koruyan takım ise geriye çekiliyor.</p>` +
          `<p>Duran toplar nihayet taktik talimatlarına uyuyor. Taktik ekranında korner kullanıcılarını ve favori organizasyonunu seç; motor bunları lig ve hazırlık maçlarında kullanacak.</p>` +
          `<p>Her zamanki gibi düşüncelerini aşağıdaki yorumlarda bekliyoruz.</p>`,
      },
    },
  },
  {
    slug: 'poll-next-features',
    daysAgo: 7,
    image: { icon: 'poll', from: '#6b4a12', to: '#1a1408', accent: '#ffc83d' },
    comments: { min: 3, max: 6 },
    poll: {
      type: 'multiple',
      limitOvr: 60,
      finishInDays: 45,
      question: {
        en: 'Which features should we build next?',
        ru: 'Какие функции нам сделать следующими?',
        pl: 'Które funkcje powinniśmy zbudować jako następne?',
        br: 'Quais recursos devemos criar a seguir?',
        es: '¿Qué funciones deberíamos crear ahora?',
        it: 'Quali funzioni dovremmo sviluppare adesso?',
        de: 'Welche Funktionen sollen wir als Nächstes bauen?',
        fr: 'Quelles fonctionnalités devrions-nous créer ensuite ?',
        tr: 'Sırada hangi özellikleri geliştirelim?',
      },
      options: [
        {
          en: 'Club chat',
          ru: 'Чат клуба',
          pl: 'Czat klubowy',
          br: 'Chat do clube',
          es: 'Chat del club',
          it: 'Chat del club',
          de: 'Vereinschat',
          fr: 'Chat du club',
          tr: 'Kulüp sohbeti',
        },
        {
          en: 'Youth academy',
          ru: 'Молодёжная академия',
          pl: 'Akademia młodzieżowa',
          br: 'Categorias de base',
          es: 'Cantera',
          it: 'Settore giovanile',
          de: 'Jugendakademie',
          fr: 'Centre de formation',
          tr: 'Altyapı akademisi',
        },
        {
          en: 'Stadium expansion',
          ru: 'Расширение стадиона',
          pl: 'Rozbudowa stadionu',
          br: 'Ampliação do estádio',
          es: 'Ampliación del estadio',
          it: 'Ampliamento dello stadio',
          de: 'Stadionausbau',
          fr: 'Agrandissement du stade',
          tr: 'Stadyum genişletme',
        },
        {
          en: 'Friendly tournaments',
          ru: 'Товарищеские турниры',
          pl: 'Turnieje towarzyskie',
          br: 'Torneios amistosos',
          es: 'Torneos amistosos',
          it: 'Tornei amichevoli',
          de: 'Freundschaftsturniere',
          fr: 'Tournois amicaux',
          tr: 'Hazırlık turnuvaları',
        },
        {
          en: 'Better transfer market filters',
          ru: 'Удобные фильтры трансферного рынка',
          pl: 'Lepsze filtry rynku transferowego',
          br: 'Filtros melhores no mercado de transferências',
          es: 'Mejores filtros en el mercado de fichajes',
          it: 'Filtri migliori per il mercato',
          de: 'Bessere Filter für den Transfermarkt',
          fr: 'De meilleurs filtres sur le marché des transferts',
          tr: 'Daha iyi transfer pazarı filtreleri',
        },
      ],
      weights: [22, 30, 16, 18, 26],
    },
    text: {
      en: {
        title: 'Poll: help us choose the next features',
        excerpt: 'Club chat, a youth academy, stadium upgrades… Pick everything you would like to see next.',
        body:
          `<p>Our roadmap is shaped by players. This time we have five ideas on the table and you can pick <strong>as many as you like</strong>.</p>` +
          `<p>This poll is open to experienced players: you need the minimum OVR shown below to vote. The most popular ideas will be the first ones we build.</p>`,
      },
      ru: {
        title: 'Опрос: помогите выбрать следующие функции',
        excerpt: 'Чат клуба, молодёжная академия, расширение стадиона… Отметьте всё, что хотите увидеть следующим.',
        body:
          `<p>Наши планы формируют игроки. На этот раз у нас пять идей, и вы можете выбрать <strong>сколько угодно вариантов</strong>.</p>` +
          `<p>Опрос открыт для опытных игроков: чтобы проголосовать, нужен минимальный OVR, указанный ниже. Самые популярные идеи мы реализуем первыми.</p>`,
      },
      pl: {
        title: 'Ankieta: pomóż nam wybrać kolejne funkcje',
        excerpt: 'Czat klubowy, akademia młodzieżowa, rozbudowa stadionu… Zaznacz wszystko, co chcesz zobaczyć w następnej kolejności.',
        body:
          `<p>Nasze plany tworzą gracze. Tym razem mamy pięć pomysłów i możesz wybrać <strong>dowolnie wiele z nich</strong>.</p>` +
          `<p>Ankieta jest otwarta dla doświadczonych graczy: aby zagłosować, potrzebujesz minimalnego OVR podanego poniżej. Najpopularniejsze pomysły zrealizujemy jako pierwsze.</p>`,
      },
      br: {
        title: 'Enquete: ajude a escolher os próximos recursos',
        excerpt: 'Chat do clube, categorias de base, ampliação do estádio… Marque tudo o que você quer ver em seguida.',
        body:
          `<p>Nosso planejamento é feito com os jogadores. Desta vez temos cinco ideias na mesa e você pode escolher <strong>quantas quiser</strong>.</p>` +
          `<p>A enquete é aberta a jogadores experientes: você precisa do OVR mínimo indicado abaixo para votar. As ideias mais votadas serão as primeiras a sair do papel.</p>`,
      },
      es: {
        title: 'Encuesta: ayúdanos a elegir las próximas funciones',
        excerpt: 'Chat del club, cantera, ampliación del estadio… Marca todo lo que quieras ver a continuación.',
        body:
          `<p>Nuestra hoja de ruta la deciden los jugadores. Esta vez tenemos cinco ideas sobre la mesa y puedes elegir <strong>todas las que quieras</strong>.</p>` +
          `<p>La encuesta está abierta a jugadores experimentados: necesitas el OVR mínimo indicado abajo para votar. Las ideas más populares serán las primeras que desarrollemos.</p>`,
      },
      it: {
        title: 'Sondaggio: aiutaci a scegliere le prossime funzioni',
        excerpt: 'Chat del club, settore giovanile, ampliamento dello stadio… Scegli tutto quello che vorresti vedere.',
        body:
          `<p>La nostra roadmap la decidono i giocatori. Questa volta abbiamo cinque idee sul tavolo e puoi sceglierne <strong>quante vuoi</strong>.</p>` +
          `<p>Il sondaggio è aperto ai giocatori esperti: per votare serve l’OVR minimo indicato qui sotto. Le idee più votate saranno le prime a essere sviluppate.</p>`,
      },
      de: {
        title: 'Umfrage: Hilf uns, die nächsten Funktionen auszuwählen',
        excerpt: 'Vereinschat, Jugendakademie, Stadionausbau … Wähle alles, was du als Nächstes sehen möchtest.',
        body:
          `<p>Unsere Roadmap gestalten die Spieler mit. Diesmal liegen fünf Ideen auf dem Tisch, und du kannst <strong>beliebig viele</strong> davon wählen.</p>` +
          `<p>Die Umfrage richtet sich an erfahrene Spieler: Zum Abstimmen brauchst du das unten angegebene Mindest-OVR. Die beliebtesten Ideen setzen wir zuerst um.</p>`,
      },
      fr: {
        title: 'Sondage : aide-nous à choisir les prochaines fonctionnalités',
        excerpt: 'Chat du club, centre de formation, agrandissement du stade… Coche tout ce que tu aimerais voir ensuite.',
        body:
          `<p>Notre feuille de route se construit avec les joueurs. Cette fois, cinq idées sont sur la table et tu peux en choisir <strong>autant que tu veux</strong>.</p>` +
          `<p>Ce sondage est réservé aux joueurs expérimentés : il faut l’OVR minimum indiqué ci-dessous pour voter. Les idées les plus populaires seront développées en premier.</p>`,
      },
      tr: {
        title: 'Anket: sıradaki özellikleri seçmemize yardım et',
        excerpt: 'Kulüp sohbeti, altyapı akademisi, stadyum genişletme… Görmek istediğin her şeyi işaretle.',
        body:
          `<p>Yol haritamızı oyuncular belirliyor. Bu kez masada beş fikir var ve <strong>istediğin kadarını</strong> seçebilirsin.</p>` +
          `<p>Anket deneyimli oyunculara açık: oy vermek için aşağıda gösterilen minimum OVR gerekiyor. En çok oy alan fikirleri ilk önce geliştireceğiz.</p>`,
      },
    },
  },
  {
    slug: 'weekly-top-3-double-prizes',
    daysAgo: 10,
    image: { icon: 'trophy', from: '#5c4400', to: '#0b1220', accent: '#ffc83d' },
    comments: { min: 2, max: 5 },
    text: {
      en: {
        title: 'Double prizes for the weekly Top 3',
        excerpt: 'Until the end of the month the three best players of every week receive twice the euro, energy and free keys.',
        body:
          `<p>The weekly leaderboard is heating up. Until the end of the month, the prizes for the <strong>Top 3 players</strong> of each week are doubled.</p>` +
          `<ul><li>Prizes are paid automatically on Monday morning.</li><li>Ties are broken by OVR.</li><li>The leaderboard resets every Monday at 00:00 server time.</li></ul>` +
          `<p>Check the current standings on the home page and make every match count.</p>`,
      },
      ru: {
        title: 'Двойные призы для тройки лучших недели',
        excerpt: 'До конца месяца три лучших игрока каждой недели получают вдвое больше евро, энергии и бесплатных ключей.',
        body:
          `<p>Борьба в недельном рейтинге накаляется. До конца месяца призы для <strong>тройки лучших игроков</strong> каждой недели удваиваются.</p>` +
          `<ul><li>Призы начисляются автоматически в понедельник утром.</li><li>При равенстве очков выше тот, у кого больше OVR.</li><li>Рейтинг обнуляется каждый понедельник в 00:00 по времени сервера.</li></ul>` +
          `<p>Следите за таблицей на главной странице и выкладывайтесь в каждом матче.</p>`,
      },
      pl: {
        title: 'Podwójne nagrody dla tygodniowego podium',
        excerpt: 'Do końca miesiąca trzech najlepszych graczy każdego tygodnia otrzymuje podwójne euro, energię i darmowe klucze.',
        body:
          `<p>W tygodniowym rankingu robi się gorąco. Do końca miesiąca nagrody dla <strong>trzech najlepszych graczy</strong> każdego tygodnia są podwojone.</p>` +
          `<ul><li>Nagrody są wypłacane automatycznie w poniedziałek rano.</li><li>Przy remisie decyduje OVR.</li><li>Ranking zeruje się w każdy poniedziałek o 00:00 czasu serwera.</li></ul>` +
          `<p>Sprawdź aktualną tabelę na stronie głównej i walcz w każdym meczu.</p>`,
      },
      br: {
        title: 'Prêmios em dobro para o Top 3 semanal',
        excerpt: 'Até o fim do mês, os três melhores jogadores de cada semana recebem o dobro de euros, energia e chaves grátis.',
        body:
          `<p>O ranking semanal está pegando fogo. Até o fim do mês, os prêmios do <strong>Top 3</strong> de cada semana são dobrados.</p>` +
          `<ul><li>Os prêmios são pagos automaticamente na segunda-feira de manhã.</li><li>Empates são decididos pelo OVR.</li><li>O ranking é zerado toda segunda-feira às 00:00 no horário do servidor.</li></ul>` +
          `<p>Confira a classificação atual na página inicial e faça cada partida valer.</p>`,
      },
      es: {
        title: 'Premios dobles para el Top 3 semanal',
        excerpt: 'Hasta final de mes, los tres mejores jugadores de cada semana reciben el doble de euros, energía y llaves gratis.',
        body:
          `<p>La clasificación semanal está que arde. Hasta final de mes, los premios del <strong>Top 3</strong> de cada semana se duplican.</p>` +
          `<ul><li>Los premios se pagan automáticamente el lunes por la mañana.</li><li>Los empates se deciden por OVR.</li><li>La clasificación se reinicia cada lunes a las 00:00, hora del servidor.</li></ul>` +
          `<p>Consulta la clasificación actual en la página de inicio y haz que cada partido cuente.</p>`,
      },
      it: {
        title: 'Premi doppi per la Top 3 settimanale',
        excerpt:
          'Fino alla fine del mese i tre migliori giocatori di ogni settimana ricevono il doppio di euro, energia e chiavi gratuite.',
        body:
          `<p>La classifica settimanale si scalda. Fino alla fine del mese i premi per la <strong>Top 3</strong> di ogni settimana sono raddoppiati.</p>` +
          `<ul><li>I premi vengono assegnati automaticamente il lunedì mattina.</li><li>In caso di parità conta l’OVR.</li><li>La classifica si azzera ogni lunedì alle 00:00, ora del server.</li></ul>` +
          `<p>Controlla la classifica attuale nella home page e fai valere ogni partita.</p>`,
      },
      de: {
        title: 'Doppelte Preise für die wöchentlichen Top 3',
        excerpt: 'Bis Monatsende erhalten die drei besten Spieler jeder Woche doppelt so viele Euro, Energie und Gratis-Schlüssel.',
        body:
          `<p>Die Wochenrangliste wird heiß. Bis Monatsende werden die Preise für die <strong>Top 3</strong> jeder Woche verdoppelt.</p>` +
          `<ul><li>Die Preise werden am Montagmorgen automatisch ausgezahlt.</li><li>Bei Gleichstand entscheidet das OVR.</li><li>Die Rangliste startet jeden Montag um 00:00 Uhr Serverzeit neu.</li></ul>` +
          `<p>Sieh dir den aktuellen Stand auf der Startseite an und gib in jedem Spiel alles.</p>`,
      },
      fr: {
        title: 'Récompenses doublées pour le Top 3 de la semaine',
        excerpt:
          'Jusqu’à la fin du mois, les trois meilleurs joueurs de chaque semaine reçoivent deux fois plus d’euros, d’énergie et de clés gratuites.',
        body:
          `<p>Le classement hebdomadaire s’enflamme. Jusqu’à la fin du mois, les récompenses du <strong>Top 3</strong> de chaque semaine sont doublées.</p>` +
          `<ul><li>Les récompenses sont versées automatiquement le lundi matin.</li><li>En cas d’égalité, l’OVR départage.</li><li>Le classement repart à zéro chaque lundi à 00:00, heure du serveur.</li></ul>` +
          `<p>Consulte le classement actuel sur la page d’accueil et donne tout à chaque match.</p>`,
      },
      tr: {
        title: 'Haftalık ilk 3’e çifte ödül',
        excerpt: 'Ay sonuna kadar her haftanın en iyi üç oyuncusu iki kat euro, enerji ve ücretsiz anahtar kazanıyor.',
        body:
          `<p>Haftalık sıralamada rekabet kızışıyor. Ay sonuna kadar her haftanın <strong>ilk 3 oyuncusunun</strong> ödülleri iki katına çıkıyor.</p>` +
          `<ul><li>Ödüller pazartesi sabahı otomatik olarak verilir.</li><li>Eşitlik durumunda OVR belirleyicidir.</li><li>Sıralama her pazartesi sunucu saatiyle 00:00’da sıfırlanır.</li></ul>` +
          `<p>Güncel sıralamayı ana sayfada takip et ve her maçı değerlendir.</p>`,
      },
    },
  },
  {
    slug: 'poll-results-summer-event-pack',
    daysAgo: 14,
    image: { icon: 'pack', from: '#6b1f3a', to: '#140b1a', accent: '#ff7aa2' },
    comments: { min: 3, max: 5 },
    poll: {
      type: 'single',
      limitOvr: 0,
      finishInDays: -4,
      question: {
        en: 'Which summer event pack was your favourite?',
        ru: 'Какой летний ивент-пак понравился вам больше всего?',
        pl: 'Która letnia paczka eventowa podobała Ci się najbardziej?',
        br: 'Qual pacote do evento de verão foi o seu favorito?',
        es: '¿Cuál fue tu sobre favorito del evento de verano?',
        it: 'Qual è stato il tuo pacchetto preferito dell’evento estivo?',
        de: 'Welches Sommer-Event-Paket war dein Favorit?',
        fr: 'Quel pack de l’événement d’été as-tu préféré ?',
        tr: 'En sevdiğin yaz etkinliği paketi hangisiydi?',
      },
      options: [
        {
          en: 'Beach Cup pack',
          ru: 'Пак «Пляжный кубок»',
          pl: 'Paczka Plażowy Puchar',
          br: 'Pacote Copa de Praia',
          es: 'Sobre Copa de Playa',
          it: 'Pacchetto Coppa Spiaggia',
          de: 'Strand-Cup-Paket',
          fr: 'Pack Coupe de la Plage',
          tr: 'Plaj Kupası paketi',
        },
        {
          en: 'Summer Legends pack',
          ru: 'Пак «Легенды лета»',
          pl: 'Paczka Letnie Legendy',
          br: 'Pacote Lendas do Verão',
          es: 'Sobre Leyendas del Verano',
          it: 'Pacchetto Leggende d’Estate',
          de: 'Sommerlegenden-Paket',
          fr: 'Pack Légendes de l’été',
          tr: 'Yaz Efsaneleri paketi',
        },
        {
          en: 'Golden Boot pack',
          ru: 'Пак «Золотая бутса»',
          pl: 'Paczka Złoty But',
          br: 'Pacote Chuteira de Ouro',
          es: 'Sobre Bota de Oro',
          it: 'Pacchetto Scarpa d’Oro',
          de: 'Goldener-Schuh-Paket',
          fr: 'Pack Soulier d’or',
          tr: 'Altın Ayakkabı paketi',
        },
        {
          en: 'Transfer Deadline pack',
          ru: 'Пак «Дедлайн трансферов»',
          pl: 'Paczka Ostatni Dzień Transferów',
          br: 'Pacote Fim da Janela',
          es: 'Sobre Cierre de Mercado',
          it: 'Pacchetto Ultimo Giorno di Mercato',
          de: 'Deadline-Day-Paket',
          fr: 'Pack Fin du mercato',
          tr: 'Transfer Son Gün paketi',
        },
      ],
      weights: [18, 41, 29, 12],
    },
    text: {
      en: {
        title: 'Poll results: the best event pack of the summer',
        excerpt: 'The votes are in! Here is the summer pack you liked the most.',
        body:
          `<p>Thank you to everyone who voted. The summer event packs were more popular than ever, and the results are clear.</p>` +
          `<p>The winning pack will return during the next big event with a few new items inside. The poll is now closed, but you can still see the final results below.</p>`,
      },
      ru: {
        title: 'Итоги опроса: лучший ивент-пак этого лета',
        excerpt: 'Голоса подсчитаны! Вот летний пак, который понравился вам больше всего.',
        body:
          `<p>Спасибо всем, кто проголосовал. Летние ивент-паки были популярны как никогда, и результаты однозначны.</p>` +
          `<p>Победивший пак вернётся во время следующего большого события с несколькими новыми предметами. Опрос закрыт, но итоговые результаты можно посмотреть ниже.</p>`,
      },
      pl: {
        title: 'Wyniki ankiety: najlepsza paczka eventowa lata',
        excerpt: 'Głosy policzone! Oto letnia paczka, która podobała Wam się najbardziej.',
        body:
          `<p>Dziękujemy wszystkim, którzy zagłosowali. Letnie paczki eventowe były popularne jak nigdy dotąd, a wyniki są jednoznaczne.</p>` +
          `<p>Zwycięska paczka wróci podczas następnego dużego eventu z kilkoma nowymi przedmiotami. Ankieta jest już zamknięta, ale ostateczne wyniki nadal możesz zobaczyć poniżej.</p>`,
      },
      br: {
        title: 'Resultado da enquete: o melhor pacote de evento do verão',
        excerpt: 'Os votos foram contados! Este é o pacote de verão de que vocês mais gostaram.',
        body:
          `<p>Obrigado a todos que votaram. Os pacotes do evento de verão fizeram mais sucesso do que nunca, e o resultado é claro.</p>` +
          `<p>O pacote vencedor volta no próximo grande evento com alguns itens novos. A enquete está encerrada, mas você ainda pode ver o resultado final abaixo.</p>`,
      },
      es: {
        title: 'Resultados de la encuesta: el mejor sobre del verano',
        excerpt: '¡Ya tenemos los votos! Este es el sobre de verano que más os gustó.',
        body:
          `<p>Gracias a todos los que habéis votado. Los sobres del evento de verano han tenido más éxito que nunca y el resultado es claro.</p>` +
          `<p>El sobre ganador volverá en el próximo gran evento con algunos objetos nuevos. La encuesta ya está cerrada, pero aún puedes ver los resultados finales abajo.</p>`,
      },
      it: {
        title: 'Risultati del sondaggio: il miglior pacchetto dell’estate',
        excerpt: 'I voti sono arrivati! Ecco il pacchetto estivo che vi è piaciuto di più.',
        body:
          `<p>Grazie a tutti quelli che hanno votato. I pacchetti dell’evento estivo sono stati più popolari che mai e il risultato è netto.</p>` +
          `<p>Il pacchetto vincitore tornerà durante il prossimo grande evento con qualche oggetto nuovo. Il sondaggio è chiuso, ma puoi ancora vedere i risultati finali qui sotto.</p>`,
      },
      de: {
        title: 'Umfrageergebnis: das beste Event-Paket des Sommers',
        excerpt: 'Die Stimmen sind ausgezählt! Das ist das Sommerpaket, das euch am besten gefallen hat.',
        body:
          `<p>Danke an alle, die abgestimmt haben. Die Pakete des Sommer-Events waren beliebter als je zuvor, und das Ergebnis ist eindeutig.</p>` +
          `<p>Das Siegerpaket kehrt beim nächsten großen Event mit ein paar neuen Gegenständen zurück. Die Umfrage ist beendet, das Endergebnis siehst du aber weiterhin unten.</p>`,
      },
      fr: {
        title: 'Résultats du sondage : le meilleur pack de l’été',
        excerpt: 'Les votes sont tombés ! Voici le pack d’été que vous avez préféré.',
        body:
          `<p>Merci à toutes celles et ceux qui ont voté. Les packs de l’événement d’été ont eu plus de succès que jamais, et le résultat est sans appel.</p>` +
          `<p>Le pack gagnant reviendra lors du prochain grand événement avec quelques nouveaux objets. Le sondage est clos, mais tu peux toujours consulter les résultats finaux ci-dessous.</p>`,
      },
      tr: {
        title: 'Anket sonuçları: yazın en iyi etkinlik paketi',
        excerpt: 'Oylar sayıldı! İşte en çok beğendiğiniz yaz paketi.',
        body:
          `<p>Oy veren herkese teşekkürler. Yaz etkinliği paketleri her zamankinden daha çok ilgi gördü ve sonuç net.</p>` +
          `<p>Kazanan paket bir sonraki büyük etkinlikte birkaç yeni eşyayla geri dönecek. Anket kapandı, ancak nihai sonuçları aşağıda görmeye devam edebilirsin.</p>`,
      },
    },
  },
  {
    slug: 'historical-level-upgrades',
    daysAgo: 18,
    image: { icon: 'star', from: '#4a3410', to: '#0b1220', accent: '#ffd866' },
    comments: { min: 2, max: 5 },
    text: {
      en: {
        title: 'Items can now reach the Historical level',
        excerpt: 'The highest upgrade level is here. Find out what it takes to turn your best items into legends.',
        body:
          `<p>Items can now be upgraded all the way to the <strong>Historical</strong> level, the highest in the game. Historical items give the biggest bonus to your player's attributes and get a unique frame in your inventory.</p>` +
          `<p>Upgrading needs upgrade stones and a bit of luck: the success chance of each level is shown before you confirm. Stones can be found in silver, gold and event packs.</p>`,
      },
      ru: {
        title: 'Предметы теперь можно улучшить до уровня «Исторический»',
        excerpt: 'Высший уровень улучшения уже в игре. Узнайте, что нужно, чтобы превратить лучшие предметы в легенды.',
        body:
          `<p>Теперь предметы можно улучшать вплоть до уровня <strong>«Исторический»</strong> — самого высокого в игре. Исторические предметы дают наибольший бонус к характеристикам игрока и получают особую рамку в инвентаре.</p>` +
          `<p>Для улучшения нужны камни улучшения и немного удачи: шанс успеха каждого уровня показывается перед подтверждением. Камни можно найти в серебряных, золотых и ивент-паках.</p>`,
      },
      pl: {
        title: 'Przedmioty mogą teraz osiągnąć poziom Historyczny',
        excerpt: 'Najwyższy poziom ulepszenia jest już w grze. Sprawdź, czego trzeba, by zamienić najlepsze przedmioty w legendy.',
        body:
          `<p>Przedmioty można teraz ulepszać aż do poziomu <strong>Historycznego</strong>, najwyższego w grze. Przedmioty historyczne dają największy bonus do atrybutów zawodnika i mają wyjątkową ramkę w ekwipunku.</p>` +
          `<p>Ulepszanie wymaga kamieni ulepszeń i odrobiny szczęścia: szansa powodzenia każdego poziomu jest widoczna przed potwierdzeniem. Kamienie znajdziesz w srebrnych, złotych i eventowych paczkach.</p>`,
      },
      br: {
        title: 'Itens agora podem chegar ao nível Histórico',
        excerpt: 'O nível máximo de melhoria chegou. Descubra o que é preciso para transformar seus melhores itens em lendas.',
        body:
          `<p>Agora os itens podem ser melhorados até o nível <strong>Histórico</strong>, o mais alto do jogo. Itens históricos dão o maior bônus aos atributos do seu jogador e ganham uma moldura exclusiva no inventário.</p>` +
          `<p>Para melhorar, você precisa de pedras de melhoria e um pouco de sorte: a chance de sucesso de cada nível aparece antes da confirmação. As pedras vêm em pacotes de prata, ouro e de eventos.</p>`,
      },
      es: {
        title: 'Los objetos ya pueden alcanzar el nivel Histórico',
        excerpt: 'Llega el nivel de mejora más alto. Descubre qué hace falta para convertir tus mejores objetos en leyendas.',
        body:
          `<p>Ahora los objetos pueden mejorarse hasta el nivel <strong>Histórico</strong>, el más alto del juego. Los objetos históricos dan la mayor bonificación a los atributos de tu jugador y tienen un marco exclusivo en el inventario.</p>` +
          `<p>Mejorar requiere piedras de mejora y algo de suerte: la probabilidad de éxito de cada nivel se muestra antes de confirmar. Encontrarás piedras en sobres de plata, de oro y de evento.</p>`,
      },
      it: {
        title: 'Gli oggetti ora possono raggiungere il livello Storico',
        excerpt: 'Arriva il livello di potenziamento più alto. Scopri cosa serve per trasformare i tuoi oggetti migliori in leggende.',
        body:
          `<p>Ora gli oggetti possono essere potenziati fino al livello <strong>Storico</strong>, il più alto del gioco. Gli oggetti storici danno il bonus più grande agli attributi del tuo giocatore e hanno una cornice unica nell’inventario.</p>` +
          `<p>Per potenziarli servono pietre di potenziamento e un pizzico di fortuna: la probabilità di successo di ogni livello è mostrata prima della conferma. Le pietre si trovano nei pacchetti d’argento, d’oro e degli eventi.</p>`,
      },
      de: {
        title: 'Gegenstände erreichen jetzt die Stufe Historisch',
        excerpt: 'Die höchste Verbesserungsstufe ist da. Erfahre, was nötig ist, um deine besten Gegenstände zu Legenden zu machen.',
        body:
          `<p>Gegenstände lassen sich jetzt bis zur Stufe <strong>Historisch</strong> verbessern, der höchsten im Spiel. Historische Gegenstände geben den größten Bonus auf die Attribute deines Spielers und erhalten im Inventar einen eigenen Rahmen.</p>` +
          `<p>Zum Verbessern brauchst du Verbesserungssteine und etwas Glück: Die Erfolgschance jeder Stufe wird vor dem Bestätigen angezeigt. Steine findest du in Silber-, Gold- und Event-Paketen.</p>`,
      },
      fr: {
        title: 'Les objets peuvent désormais atteindre le niveau Historique',
        excerpt: 'Le plus haut niveau d’amélioration est arrivé. Découvre ce qu’il faut pour transformer tes meilleurs objets en légendes.',
        body:
          `<p>Les objets peuvent maintenant être améliorés jusqu’au niveau <strong>Historique</strong>, le plus élevé du jeu. Les objets historiques offrent le plus gros bonus aux attributs de ton joueur et profitent d’un cadre unique dans l’inventaire.</p>` +
          `<p>L’amélioration demande des pierres d’amélioration et un peu de chance : la probabilité de réussite de chaque niveau s’affiche avant de confirmer. On trouve des pierres dans les packs d’argent, d’or et d’événement.</p>`,
      },
      tr: {
        title: 'Eşyalar artık Tarihi seviyeye ulaşabiliyor',
        excerpt: 'En yüksek geliştirme seviyesi geldi. En iyi eşyalarını efsaneye dönüştürmek için neler gerektiğini öğren.',
        body:
          `<p>Eşyalar artık oyundaki en yüksek seviye olan <strong>Tarihi</strong> seviyeye kadar geliştirilebiliyor. Tarihi eşyalar oyuncunun özelliklerine en büyük bonusu verir ve envanterde özel bir çerçeveyle görünür.</p>` +
          `<p>Geliştirme için geliştirme taşları ve biraz şans gerekir: her seviyenin başarı şansı onaylamadan önce gösterilir. Taşlar gümüş, altın ve etkinlik paketlerinden çıkar.</p>`,
      },
    },
  },
  {
    slug: 'prediction-game-is-back',
    daysAgo: 23,
    image: { icon: 'whistle', from: '#0f4a5c', to: '#0b1220', accent: '#5ee0ff' },
    comments: { min: 2, max: 5 },
    text: {
      en: {
        title: 'Predict the tournament and climb the bets ranking',
        excerpt: 'The match prediction game is back: predict every match for free and win prizes.',
        body:
          `<p>The prediction game is back for the big football tournaments, the World Cup and Euro 2024. Predict the score of every match before kick-off and collect points for exact results, correct goal differences and correct winners.</p>` +
          `<p>Predicting is free for every logged-in player. Open the <a href="/{serverCode}/bets">bets page</a> to make your predictions and check the <a href="/{serverCode}/bets-ranking">ranking</a> to see how you compare.</p>`,
      },
      ru: {
        title: 'Прогнозируйте турнир и поднимайтесь в рейтинге ставок',
        excerpt: 'Игра в прогнозы вернулась: угадывайте исход каждого матча бесплатно и выигрывайте призы.',
        body:
          `<p>Игра в прогнозы снова с нами на больших футбольных турнирах — чемпионате мира и Евро-2024. Угадайте счёт каждого матча до стартового свистка и получайте очки за точный счёт, верную разницу мячей и верного победителя.</p>` +
          `<p>Прогнозы бесплатны для всех вошедших игроков. Откройте <a href="/{serverCode}/bets">страницу ставок</a>, чтобы сделать прогнозы, и загляните в <a href="/{serverCode}/bets-ranking">рейтинг</a>, чтобы сравнить себя с другими.</p>`,
      },
      pl: {
        title: 'Typuj turniej i wspinaj się w rankingu typerów',
        excerpt: 'Gra w typowanie meczów wraca: typuj każdy mecz za darmo i wygrywaj nagrody.',
        body:
          `<p>Typowanie wraca przy wielkich turniejach piłkarskich: mistrzostwach świata i Euro 2024. Przewiduj wynik każdego meczu przed pierwszym gwizdkiem i zbieraj punkty za dokładny wynik, właściwą różnicę bramek i zwycięzcę.</p>` +
          `<p>Typowanie jest darmowe dla każdego zalogowanego gracza. Otwórz <a href="/{serverCode}/bets">stronę typowania</a>, aby obstawić mecze, i sprawdź <a href="/{serverCode}/bets-ranking">ranking</a>, by porównać się z innymi.</p>`,
      },
      br: {
        title: 'Dê seus palpites no torneio e suba no ranking',
        excerpt: 'O jogo de palpites voltou: palpite em todas as partidas de graça e ganhe prêmios.',
        body:
          `<p>O jogo de palpites está de volta para os grandes torneios de futebol, a Copa do Mundo e a Euro 2024. Dê o placar de cada partida antes do apito inicial e ganhe pontos por placares exatos, saldo de gols correto e vencedor correto.</p>` +
          `<p>Os palpites são gratuitos para todo jogador conectado. Abra a <a href="/{serverCode}/bets">página de palpites</a> para jogar e confira o <a href="/{serverCode}/bets-ranking">ranking</a> para ver sua posição.</p>`,
      },
      es: {
        title: 'Pronostica el torneo y escala en la clasificación de apuestas',
        excerpt: 'Vuelve el juego de pronósticos: pronostica cada partido gratis y gana premios.',
        body:
          `<p>El juego de pronósticos vuelve con los grandes torneos de fútbol, el Mundial y la Euro 2024. Pronostica el resultado de cada partido antes del pitido inicial y suma puntos por resultados exactos, diferencia de goles correcta y ganador correcto.</p>` +
          `<p>Pronosticar es gratis para todos los jugadores con sesión iniciada. Abre la <a href="/{serverCode}/bets">página de apuestas</a> para hacer tus pronósticos y consulta la <a href="/{serverCode}/bets-ranking">clasificación</a> para ver cómo vas.</p>`,
      },
      it: {
        title: 'Pronostica il torneo e scala la classifica',
        excerpt: 'Torna il gioco dei pronostici: pronostica ogni partita gratis e vinci premi.',
        body:
          `<p>Il gioco dei pronostici torna per i grandi tornei di calcio, i Mondiali e Euro 2024. Pronostica il risultato di ogni partita prima del calcio d’inizio e guadagna punti per risultati esatti, differenza reti corretta e vincitore corretto.</p>` +
          `<p>I pronostici sono gratuiti per ogni giocatore che ha effettuato l’accesso. Apri la <a href="/{serverCode}/bets">pagina dei pronostici</a> per giocare e controlla la <a href="/{serverCode}/bets-ranking">classifica</a> per vedere come te la cavi.</p>`,
      },
      de: {
        title: 'Tippe das Turnier und klettere in der Tipp-Rangliste',
        excerpt: 'Das Tippspiel ist zurück: Tippe jedes Spiel kostenlos und gewinne Preise.',
        body:
          `<p>Das Tippspiel ist zurück für die großen Fußballturniere, die Weltmeisterschaft und die Euro 2024. Tippe das Ergebnis jedes Spiels vor dem Anpfiff und sammle Punkte für exakte Ergebnisse, die richtige Tordifferenz und den richtigen Sieger.</p>` +
          `<p>Tippen ist für alle angemeldeten Spieler kostenlos. Öffne die <a href="/{serverCode}/bets">Tippseite</a>, um deine Tipps abzugeben, und sieh in der <a href="/{serverCode}/bets-ranking">Rangliste</a> nach, wo du stehst.</p>`,
      },
      fr: {
        title: 'Pronostique le tournoi et grimpe au classement',
        excerpt: 'Le jeu de pronostics est de retour : pronostique chaque match gratuitement et gagne des récompenses.',
        body:
          `<p>Le jeu de pronostics revient pour les grands tournois de football, la Coupe du monde et l’Euro 2024. Pronostique le score de chaque match avant le coup d’envoi et marque des points pour les scores exacts, la bonne différence de buts et le bon vainqueur.</p>` +
          `<p>Les pronostics sont gratuits pour tous les joueurs connectés. Ouvre la <a href="/{serverCode}/bets">page des pronostics</a> pour jouer et consulte le <a href="/{serverCode}/bets-ranking">classement</a> pour te situer.</p>`,
      },
      tr: {
        title: 'Turnuvayı tahmin et, tahmin sıralamasında yüksel',
        excerpt: 'Maç tahmin oyunu geri döndü: her maçı ücretsiz tahmin et ve ödüller kazan.',
        body:
          `<p>Tahmin oyunu büyük futbol turnuvaları, Dünya Kupası ve Euro 2024 için geri döndü. Her maçın skorunu başlama düdüğünden önce tahmin et; tam skor, doğru gol farkı ve doğru kazanan için puan topla.</p>` +
          `<p>Tahmin yapmak giriş yapmış her oyuncu için ücretsiz. Tahminlerini yapmak için <a href="/{serverCode}/bets">tahmin sayfasını</a> aç, nerede olduğunu görmek için <a href="/{serverCode}/bets-ranking">sıralamaya</a> göz at.</p>`,
      },
    },
  },
  {
    slug: 'invite-friends-bonus',
    daysAgo: 29,
    image: { icon: 'friends', from: '#0f5c3a', to: '#0b1a20', accent: '#7dffb3' },
    comments: { min: 1, max: 4 },
    text: {
      en: {
        title: 'Invite your friends and earn a bonus',
        excerpt: 'Football is better with friends. Share your link and get rewarded when they start playing.',
        body:
          `<p>Every player has a personal invitation link. When a friend registers with it and reaches their first milestones, you both receive a bonus of euro and energy.</p>` +
          `<p>There is no limit to the number of friends you can invite, so build your dream team with the people you know.</p>`,
      },
      ru: {
        title: 'Приглашайте друзей и получайте бонус',
        excerpt: 'Футбол лучше с друзьями. Поделитесь ссылкой и получите награду, когда они начнут играть.',
        body:
          `<p>У каждого игрока есть личная ссылка-приглашение. Когда друг регистрируется по ней и достигает первых целей, вы оба получаете бонус в евро и энергии.</p>` +
          `<p>Количество приглашённых друзей не ограничено — соберите команду мечты из тех, кого знаете.</p>`,
      },
      pl: {
        title: 'Zaproś znajomych i zgarnij bonus',
        excerpt: 'Z przyjaciółmi piłka jest lepsza. Udostępnij swój link i zdobądź nagrodę, gdy zaczną grać.',
        body:
          `<p>Każdy gracz ma osobisty link z zaproszeniem. Gdy znajomy zarejestruje się przez niego i osiągnie pierwsze cele, oboje otrzymujecie bonus w euro i energii.</p>` +
          `<p>Liczba zaproszonych znajomych jest nieograniczona, więc zbuduj drużynę marzeń z ludźmi, których znasz.</p>`,
      },
      br: {
        title: 'Convide seus amigos e ganhe um bônus',
        excerpt: 'Futebol é melhor com amigos. Compartilhe seu link e seja recompensado quando eles começarem a jogar.',
        body:
          `<p>Todo jogador tem um link de convite pessoal. Quando um amigo se cadastra por ele e atinge as primeiras metas, vocês dois recebem um bônus de euros e energia.</p>` +
          `<p>Não há limite de amigos convidados, então monte o time dos sonhos com quem você conhece.</p>`,
      },
      es: {
        title: 'Invita a tus amigos y consigue un bonus',
        excerpt: 'El fútbol es mejor con amigos. Comparte tu enlace y recibe una recompensa cuando empiecen a jugar.',
        body:
          `<p>Cada jugador tiene un enlace de invitación personal. Cuando un amigo se registra con él y alcanza sus primeros objetivos, los dos recibís un bonus de euros y energía.</p>` +
          `<p>No hay límite de amigos invitados, así que forma el equipo de tus sueños con la gente que conoces.</p>`,
      },
      it: {
        title: 'Invita i tuoi amici e ottieni un bonus',
        excerpt: 'Il calcio è più bello con gli amici. Condividi il tuo link e ricevi una ricompensa quando iniziano a giocare.',
        body:
          `<p>Ogni giocatore ha un link di invito personale. Quando un amico si registra con quel link e raggiunge i primi traguardi, ricevete entrambi un bonus in euro ed energia.</p>` +
          `<p>Non c’è limite al numero di amici che puoi invitare: costruisci la squadra dei sogni con le persone che conosci.</p>`,
      },
      de: {
        title: 'Lade Freunde ein und sichere dir einen Bonus',
        excerpt: 'Fußball macht mit Freunden mehr Spaß. Teile deinen Link und werde belohnt, wenn sie loslegen.',
        body:
          `<p>Jeder Spieler hat einen persönlichen Einladungslink. Registriert sich ein Freund darüber und erreicht seine ersten Ziele, erhaltet ihr beide einen Bonus aus Euro und Energie.</p>` +
          `<p>Du kannst beliebig viele Freunde einladen, also stell dein Traumteam mit Leuten zusammen, die du kennst.</p>`,
      },
      fr: {
        title: 'Invite tes amis et gagne un bonus',
        excerpt: 'Le football, c’est mieux entre amis. Partage ton lien et sois récompensé quand ils commencent à jouer.',
        body:
          `<p>Chaque joueur dispose d’un lien d’invitation personnel. Quand un ami s’inscrit avec ce lien et atteint ses premiers objectifs, vous recevez tous les deux un bonus d’euros et d’énergie.</p>` +
          `<p>Le nombre d’amis invités n’est pas limité : construis l’équipe de tes rêves avec les gens que tu connais.</p>`,
      },
      tr: {
        title: 'Arkadaşlarını davet et, bonus kazan',
        excerpt: 'Futbol arkadaşlarla daha güzel. Bağlantını paylaş, onlar oynamaya başladığında ödülünü al.',
        body:
          `<p>Her oyuncunun kişisel bir davet bağlantısı var. Bir arkadaşın bu bağlantıyla kaydolup ilk hedeflerine ulaştığında ikiniz de euro ve enerji bonusu kazanırsınız.</p>` +
          `<p>Davet edebileceğin arkadaş sayısında sınır yok; tanıdığın insanlarla hayalindeki takımı kur.</p>`,
      },
    },
  },
  {
    slug: 'gold-pack-weekend',
    daysAgo: 36,
    image: { icon: 'pack', from: '#5c4a0f', to: '#1a1206', accent: '#ffc83d' },
    comments: { min: 2, max: 4 },
    text: {
      en: {
        title: 'Gold pack weekend: better odds for rare items',
        excerpt: 'From Friday to Sunday every gold pack has a higher chance of rare and legendary items.',
        body:
          `<p>This weekend gold packs are special. From Friday 18:00 until Sunday 23:59 server time, the chance of finding a rare or legendary item in a gold pack is increased.</p>` +
          `<p>Bronze and silver packs stay the same, and event packs keep their own rules. Good luck with your openings!</p>`,
      },
      ru: {
        title: 'Выходные золотых паков: больше шансов на редкие предметы',
        excerpt: 'С пятницы по воскресенье в каждом золотом паке выше шанс на редкие и легендарные предметы.',
        body:
          `<p>В эти выходные золотые паки особенные. С пятницы 18:00 до воскресенья 23:59 по времени сервера шанс получить редкий или легендарный предмет из золотого пака повышен.</p>` +
          `<p>Бронзовые и серебряные паки не меняются, а у ивент-паков свои правила. Удачи при открытии!</p>`,
      },
      pl: {
        title: 'Weekend złotych paczek: większe szanse na rzadkie przedmioty',
        excerpt: 'Od piątku do niedzieli każda złota paczka daje większą szansę na rzadkie i legendarne przedmioty.',
        body:
          `<p>W ten weekend złote paczki są wyjątkowe. Od piątku 18:00 do niedzieli 23:59 czasu serwera szansa na rzadki lub legendarny przedmiot w złotej paczce jest zwiększona.</p>` +
          `<p>Brązowe i srebrne paczki się nie zmieniają, a paczki eventowe mają własne zasady. Powodzenia przy otwieraniu!</p>`,
      },
      br: {
        title: 'Fim de semana do pacote de ouro: mais chances de itens raros',
        excerpt: 'De sexta a domingo, todo pacote de ouro tem mais chance de itens raros e lendários.',
        body:
          `<p>Neste fim de semana os pacotes de ouro são especiais. De sexta às 18:00 até domingo às 23:59 no horário do servidor, a chance de encontrar um item raro ou lendário em um pacote de ouro é maior.</p>` +
          `<p>Os pacotes de bronze e prata continuam iguais, e os pacotes de evento seguem suas próprias regras. Boa sorte nas aberturas!</p>`,
      },
      es: {
        title: 'Fin de semana de sobres de oro: más probabilidades de objetos raros',
        excerpt: 'De viernes a domingo, cada sobre de oro tiene más probabilidades de objetos raros y legendarios.',
        body:
          `<p>Este fin de semana los sobres de oro son especiales. Desde el viernes a las 18:00 hasta el domingo a las 23:59, hora del servidor, aumenta la probabilidad de conseguir un objeto raro o legendario en un sobre de oro.</p>` +
          `<p>Los sobres de bronce y plata no cambian, y los sobres de evento mantienen sus propias reglas. ¡Suerte con tus aperturas!</p>`,
      },
      it: {
        title: 'Weekend dei pacchetti d’oro: più probabilità di oggetti rari',
        excerpt: 'Da venerdì a domenica ogni pacchetto d’oro ha più probabilità di contenere oggetti rari e leggendari.',
        body:
          `<p>Questo weekend i pacchetti d’oro sono speciali. Da venerdì alle 18:00 a domenica alle 23:59, ora del server, aumenta la probabilità di trovare un oggetto raro o leggendario in un pacchetto d’oro.</p>` +
          `<p>I pacchetti di bronzo e d’argento restano invariati e i pacchetti evento mantengono le loro regole. Buona fortuna con le aperture!</p>`,
      },
      de: {
        title: 'Goldpaket-Wochenende: bessere Chancen auf seltene Gegenstände',
        excerpt: 'Von Freitag bis Sonntag hat jedes Goldpaket eine höhere Chance auf seltene und legendäre Gegenstände.',
        body:
          `<p>An diesem Wochenende sind Goldpakete etwas Besonderes. Von Freitag 18:00 bis Sonntag 23:59 Uhr Serverzeit ist die Chance auf einen seltenen oder legendären Gegenstand in einem Goldpaket erhöht.</p>` +
          `<p>Bronze- und Silberpakete bleiben unverändert, Event-Pakete behalten ihre eigenen Regeln. Viel Glück beim Öffnen!</p>`,
      },
      fr: {
        title: 'Week-end des packs d’or : plus de chances d’objets rares',
        excerpt: 'Du vendredi au dimanche, chaque pack d’or offre plus de chances d’objets rares et légendaires.',
        body:
          `<p>Ce week-end, les packs d’or sont spéciaux. Du vendredi 18:00 au dimanche 23:59, heure du serveur, la probabilité d’obtenir un objet rare ou légendaire dans un pack d’or est augmentée.</p>` +
          `<p>Les packs de bronze et d’argent ne changent pas, et les packs d’événement gardent leurs propres règles. Bonne chance pour tes ouvertures !</p>`,
      },
      tr: {
        title: 'Altın paket hafta sonu: nadir eşyalar için daha yüksek şans',
        excerpt: 'Cuma’dan pazara kadar her altın pakette nadir ve efsanevi eşya çıkma şansı daha yüksek.',
        body:
          `<p>Bu hafta sonu altın paketler çok özel. Cuma 18:00’den pazar 23:59’a kadar (sunucu saati) altın paketlerden nadir veya efsanevi eşya çıkma şansı artırıldı.</p>` +
          `<p>Bronz ve gümüş paketler aynı kalıyor, etkinlik paketleri ise kendi kurallarını koruyor. Paket açılışlarında bol şans!</p>`,
      },
    },
  },
  {
    slug: 'scheduled-maintenance-new-servers',
    daysAgo: 44,
    image: { icon: 'wrench', from: '#3a3f4a', to: '#0b1220', accent: '#9fb0d0' },
    comments: { min: 1, max: 3 },
    text: {
      en: {
        title: 'Scheduled maintenance: moving to faster servers',
        excerpt: 'We are moving the game to new hardware. Expect a short technical break during the night.',
        body:
          `<p>To keep the game fast we are moving it to new servers. During the move, the game and this site show a technical break message for about two hours.</p>` +
          `<p>Matches planned during the break are played automatically once we are back, and no energy is lost.</p>`,
      },
      pl: {
        title: 'Planowana przerwa techniczna: przenosimy się na szybsze serwery',
        excerpt: 'Przenosimy grę na nowy sprzęt. W nocy czeka nas krótka przerwa techniczna.',
        body:
          `<p>Aby gra działała szybko, przenosimy ją na nowe serwery. Podczas przeprowadzki gra i ta strona przez około dwie godziny będą wyświetlać komunikat o przerwie technicznej.</p>` +
          `<p>Mecze zaplanowane na czas przerwy zostaną rozegrane automatycznie po naszym powrocie, a energia nie przepadnie.</p>`,
      },
    },
  },
  {
    slug: 'better-on-your-phone',
    daysAgo: 55,
    image: { icon: 'phone', from: '#1f3a6b', to: '#0b1220', accent: '#4aa8ff' },
    comments: { min: 1, max: 3 },
    text: {
      en: {
        title: 'Playing on your phone just got better',
        excerpt: 'Bigger buttons, a new bottom menu and faster loading in mobile browsers.',
        body:
          `<p>More than half of our players manage their footballer on a phone, so we rebuilt the mobile layout. The main menu now sits at the bottom of the screen, buttons are bigger and pages load faster on slow connections.</p>` +
          `<p>You can also add the game to your home screen and launch it like an app.</p>`,
      },
    },
  },
  {
    slug: 'try-the-manager-role',
    daysAgo: 68,
    image: { icon: 'clipboard', from: '#2a4a12', to: '#0b1220', accent: '#a6e35a' },
    comments: { min: 1, max: 3 },
    text: {
      en: {
        title: 'Try the manager role',
        excerpt: 'Prefer tactics to training? Choose the manager role and lead a whole club.',
        body:
          `<p>Not everyone wants to train a single footballer. As a manager you pick the line-up, set the tactics, negotiate transfers and plan the future of the stadium.</p>` +
          `<p>You can switch roles from your profile at any time, and your club keeps its history.</p>`,
      },
    },
  },
];

/** Demo comments by language (players write in their own language). */
export const SEED_COMMENTS: Record<'en' | 'pl' | 'tr' | 'br' | 'es', { top: string[]; replies: string[] }> = {
  en: {
    top: [
      'Finally! I have been waiting for this all season.',
      'Great update, the game feels much smoother now.',
      'Any news about the next event pack?',
      'My team is ready. Let’s go!',
      'Could you share more details about the rewards?',
      'This is why I keep playing after all these years.',
      'Nice one, but please look at the lag in the evening matches.',
      'Who else is going for the Top 3 this week?',
      'Love it. Community ideas are finally being heard.',
      'Good luck everyone this season!',
      'Is this coming to every server at the same time?',
      'Played three matches already, the difference is noticeable.',
    ],
    replies: [
      'Agreed, it is much better now.',
      'Same here, see you on the pitch!',
      'The team said more info is coming this week.',
      'Yes, every server gets it at the same time.',
      'Check the bets page, the rewards are listed there.',
      'Good luck beating me this week :)',
      'Try clearing your cache, it helped me.',
      'Totally, best change this year.',
    ],
  },
  pl: {
    top: [
      'Nareszcie! Czekałem na to cały sezon.',
      'Świetna aktualizacja, gra działa dużo płynniej.',
      'Czy wiadomo coś o kolejnej paczce eventowej?',
      'Moja drużyna jest gotowa. Do boju!',
      'Gram od 2009 roku i nadal mi się podoba.',
      'Fajnie, ale wieczorem mecze trochę się zacinają.',
      'Kto walczy w tym tygodniu o podium?',
      'Powodzenia wszystkim w nowym sezonie!',
    ],
    replies: [
      'Zgadzam się, jest dużo lepiej.',
      'U mnie to samo, do zobaczenia na boisku!',
      'Wyczyść pamięć podręczną, mnie pomogło.',
      'Tak, wszystkie serwery dostają to jednocześnie.',
      'Powodzenia, tym razem cię wyprzedzę!',
    ],
  },
  tr: {
    top: [
      'Sonunda! Bütün sezon bunu bekledim.',
      'Harika güncelleme, oyun çok daha akıcı.',
      'Yeni etkinlik paketi ne zaman gelecek?',
      'Takımım hazır. Hadi bakalım!',
      'Herkese yeni sezonda bol şans!',
    ],
    replies: ['Kesinlikle katılıyorum, çok daha iyi.', 'Bende de aynısı, sahada görüşürüz!', 'Önbelleği temizle, bende işe yaradı.'],
  },
  br: {
    top: [
      'Finalmente! Esperei a temporada inteira por isso.',
      'Ótima atualização, o jogo está bem mais fluido.',
      'Alguma novidade sobre o próximo pacote de evento?',
      'Boa sorte a todos na nova temporada!',
    ],
    replies: ['Concordo, ficou muito melhor.', 'Aqui também, nos vemos em campo!'],
  },
  es: {
    top: [
      '¡Por fin! Llevaba toda la temporada esperando esto.',
      'Gran actualización, el juego va mucho más fluido.',
      '¡Suerte a todos en la nueva temporada!',
    ],
    replies: ['Totalmente de acuerdo, ahora va mucho mejor.', 'Igual aquí, ¡nos vemos en el campo!'],
  },
};

/** Which comment languages each server's players write in, by weight. */
export const COMMENT_LANG_WEIGHTS: Record<'pl' | 'classic' | 'royal' | 'en', Partial<Record<keyof typeof SEED_COMMENTS, number>>> = {
  pl: { pl: 8, en: 2 },
  classic: { en: 5, br: 3, es: 2 },
  royal: { en: 6, tr: 4 },
  en: { en: 1 },
};
