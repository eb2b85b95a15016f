// The menu: what the truck serves, in groups, each item with its price, a line
// about it, its dietary marks in words and an optional photo. Rendered at build
// time only, inside a static part (app.tsx): never hydrated, not in the page's bundle.
import { content, DIETARY_LABELS, type Menu as MenuContent, type MenuItem, menuPrice } from '../../../content/index.js';
import { builtPicture, Picture } from '../picture.js';
import './menu.css';
import { words } from '../page-words.js';

export function Menu({ menu }: { menu: MenuContent }) {
  return (
    <section id="menu" className="section menu" aria-labelledby="menu-title">
      <div className="section-inner">
        <h2 id="menu-title">{words.menuTitle}</h2>
        {menu.intro && <p className="menu-intro">{menu.intro}</p>}
        <div className="menu-groups">
          {menu.groups.map((group, g) => (
            <section key={group.name} className="menu-group" aria-labelledby={`menu-group-${g}`}>
              <h3 id={`menu-group-${g}`}>{group.name}</h3>
              <ul className="menu-items">
                {group.items.map((item) => (
                  <MenuEntry key={item.name} item={item} currency={menu.currency} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </section>
  );
}

function MenuEntry({ item, currency }: { item: MenuItem; currency: string }) {
  const tags = item.tags ?? [];
  return (
    <li className="menu-item">
      <div className="menu-item-text">
        <p className="menu-item-head">
          <span className="menu-item-name">{item.name}</span>
          <span className="menu-item-price">{menuPrice(item.price, currency, content.locale)}</span>
        </p>
        {item.description && <p className="menu-item-description">{item.description}</p>}
        {tags.length > 0 && (
          <ul className="menu-tags" aria-label={words.dietary}>
            {tags.map((tag) => (
              // Words, so a mark never rests on colour alone.
              <li key={tag} className={`menu-tag menu-tag-${tag}`}>
                {DIETARY_LABELS[tag]}
              </li>
            ))}
          </ul>
        )}
      </div>
      {item.photo && (
        // A square frame of fixed size, so nothing moves when the photo arrives.
        <div className="menu-item-photo">
          <Picture data={builtPicture('dish', item.photo.src)!} alt={item.photo.alt} sizes="80px" width={80} />
        </div>
      )}
    </li>
  );
}
